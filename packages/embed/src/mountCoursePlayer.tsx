import {
  type CourseAdapter,
  type CourseEventListener,
  type OfflineCourseAdapter,
  withOfflineQueue,
} from '@coursekit/core';
import { createHttpAdapter, fetchOrganisationFace, type SessionStorageLike } from '@coursekit/core/http';
import { CoursePlayer, CourseProvider, type CourseStrings, type CourseTheme } from '@coursekit/react';
import { createRoot, type Root } from 'react-dom/client';
import { OfflineNotice } from './OfflineNotice';
import { StaleChunkBoundary } from './StaleChunkBoundary';
import { PLAYER_STYLES } from './styles';

/** The player in the partner's language. */
export interface MountLocale {
  /**
   * Replaces texts of the player, by key (see `defaultCourseStrings` in @coursekit/react), e.g.
   * `{ markComplete: 'Als erledigt markieren', modulePickUp: 'Weiter in Modul {module}.' }`;
   * unspecified keys keep the English defaults.
   */
  strings?: Partial<CourseStrings>;
  /** The language of those texts ('de', 'fr-CH'), so screen readers pronounce them in it. */
  lang?: string;
}

export interface MountOptions {
  /** The CourseKit API, e.g. `https://courses.example.com/api`. Ignored when `adapter` is given. */
  apiUrl?: string;
  /**
   * The course to show, by its slug (as in the catalog, `GET /api/courses`); absent: the platform's
   * default course. Every event carries it (`course`, null for the default), and so do the xAPI
   * statements' activity ids. A new course is a new player: `update({ course })` starts afresh.
   */
  course?: string;
  /** A complete adapter of your own, instead of `apiUrl`. */
  adapter?: CourseAdapter;
  /** The host supplies sign-in: a token from your own SSO, asked for before each request. */
  getAccessToken?: () => Promise<string | null | undefined> | string | null | undefined;
  /** Brand colours, font, radius and spacing; any token given here wins over the organisation's. */
  theme?: CourseTheme;
  /**
   * The organisation whose people this page serves, by slug: the player takes its theme (colours
   * and fonts) from the platform. An unknown or suspended organisation leaves the default theme.
   */
  organisation?: string;
  /** Texts in the partner's language and its `lang`; `update({ locale })` replaces the whole locale. */
  locale?: MountLocale;
  /** Every course event (lesson completed, quiz completed, maintenance…), in order. */
  onEvent?: CourseEventListener;
  /** Open on this module instead of the course dashboard. */
  moduleId?: number;
  /** Keep lesson completions made offline and send them later (default on). */
  offlineQueue?: boolean;
  /** Where the session and the offline queue are kept; `localStorage` by default. */
  storage?: SessionStorageLike;
}

export interface MountedPlayer {
  /** Changes options in place (theme, module, event handler…). */
  update(options: Partial<MountOptions>): void;
  /** Removes the player and everything it rendered. */
  unmount(): void;
}

function defaultStorage(): SessionStorageLike | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked (third-party context, privacy mode): keep the session in memory
  }
}

function adapterFor(options: MountOptions): CourseAdapter {
  if (options.adapter) return options.adapter;
  if (!options.apiUrl) throw new Error('mountCoursePlayer needs `apiUrl` or `adapter`.');
  const storage = options.storage ?? defaultStorage();
  const http = createHttpAdapter({
    baseUrl: options.apiUrl,
    ...(options.course ? { course: options.course } : {}),
    ...(options.getAccessToken ? { getAccessToken: options.getAccessToken } : {}),
    ...(storage ? { storage } : {}),
  });
  if (options.offlineQueue === false) return http;
  // Lesson keys belong to one course, so each course queues under a key of its own (the default
  // course keeps the key it always had, so what is queued on a page today is still sent).
  const storageKey = options.course ? `coursekit.offline-queue.${options.course}` : undefined;
  return withOfflineQueue(http, { ...(storage ? { storage } : {}), ...(storageKey ? { storageKey } : {}) });
}

/** The options that make the connection: a change to any of them is a new adapter and a new player. */
const CONNECTION = ['apiUrl', 'adapter', 'getAccessToken', 'course', 'storage', 'offlineQueue'] as const;

/**
 * Renders the whole course into `element`, inside a shadow root: the page's CSS cannot reach the
 * player (inherited fonts and colours included) and the player's CSS cannot touch the page.
 */
export function mountCoursePlayer(element: HTMLElement, initial: MountOptions): MountedPlayer {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = PLAYER_STYLES;
  const container = document.createElement('div');
  shadow.replaceChildren(style, container);
  const root: Root = createRoot(container);

  let options = initial;
  let adapter = adapterFor(options);
  // The organisation's theme, once read (undefined until then, and for none).
  let organisationTheme: CourseTheme | undefined;
  let asked: string | undefined;
  const readOrganisation = () => {
    const slug = options.organisation?.trim() || undefined;
    if (slug === asked) return;
    asked = slug;
    organisationTheme = undefined;
    if (!slug) return;
    const source = options.apiUrl ? createHttpAdapter({ baseUrl: options.apiUrl }) : adapter;
    fetchOrganisationFace(source, slug).then(
      (face) => {
        if (asked !== slug) return;
        if (!face) console.warn(`CourseKit: no active organisation "${slug}"; the default theme stays`);
        organisationTheme = face
          ? {
              ...(face.theme.color ? { color: face.theme.color } : {}),
              ...(face.theme.font ? { font: face.theme.font } : {}),
            }
          : undefined;
        render();
      },
      (error: unknown) => console.warn(`CourseKit: the organisation "${slug}" could not be read`, error),
    );
  };
  // Each connection renders a provider of its own, so nothing cached for one course shows in another.
  let connection = 0;
  const render = () => {
    const onEvent: CourseEventListener = (inner) => {
      const event = { ...inner, course: options.course ?? null };
      try {
        options.onEvent?.(event);
      } catch (error) {
        console.error('CourseKit: an onEvent handler threw', error);
      }
      element.dispatchEvent(
        new CustomEvent(`coursekit:${event.type}`, { detail: event, bubbles: true, composed: true }),
      );
    };
    const { strings, lang } = options.locale ?? {};
    const theme = mergeThemes(organisationTheme, options.theme);
    root.render(
      <StaleChunkBoundary>
        <CourseProvider
          key={connection}
          adapter={adapter}
          {...(theme ? { theme } : {})}
          {...(strings ? { strings } : {})}
          {...(lang ? { lang } : {})}
          onEvent={onEvent}
        >
          {'offline' in adapter ? (
            <OfflineNotice adapter={adapter as OfflineCourseAdapter} lang={lang} />
          ) : null}
          <CoursePlayer
            key={options.moduleId ?? 0}
            {...(options.moduleId ? { screen: 'module' as const, moduleId: options.moduleId } : {})}
          />
        </CourseProvider>
      </StaleChunkBoundary>,
    );
  };
  readOrganisation();
  render();

  return {
    update(changes) {
      const reconnect = CONNECTION.some((name) => name in changes && changes[name] !== options[name]);
      options = { ...options, ...changes };
      if (reconnect) {
        adapter = adapterFor(options);
        connection += 1;
      }
      readOrganisation();
      render();
    },
    unmount() {
      root.unmount();
      shadow.replaceChildren();
    },
  };
}

/** The organisation's theme under the page's own: a token the page sets wins. */
function mergeThemes(base: CourseTheme | undefined, own: CourseTheme | undefined): CourseTheme | undefined {
  if (!base) return own;
  if (!own) return base;
  const merged: CourseTheme = {};
  for (const group of ['color', 'font', 'radius', 'space'] as const) {
    const tokens = { ...base[group], ...own[group] };
    if (Object.keys(tokens).length > 0) (merged as Record<string, unknown>)[group] = tokens;
  }
  return merged;
}
