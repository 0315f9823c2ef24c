import {
  type MountedPlayer,
  type MountLocale,
  type MountOptions,
  mountCoursePlayer,
} from './mountCoursePlayer';

/** Reads a JSON attribute (`theme`, `locale`); a malformed one is reported and ignored. */
function parseJsonAttribute(element: HTMLElement, name: string) {
  const value = element.getAttribute(name);
  if (!value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    console.warn(`CourseKit: the ${name} attribute is not valid JSON and was ignored`);
    return undefined;
  }
}

/**
 * `<course-player api-url="https://courses.example.com/api" course="cobie-handover" module="2" theme='{"color":{"brand":"#0b6e4f"}}'
 *  locale='{"lang":"de","strings":{"markComplete":"Als erledigt markieren"}}'>`
 * `course` names the course by its slug (absent: the default course); changing it starts a new player.
 * `organisation="acme-facilities"` themes the player as that organisation (its colours and fonts;
 * the `theme` attribute's tokens win over them).
 * Course events arrive as DOM events named `coursekit:{type}` (they cross the shadow boundary).
 * A host with its own sign-in sets `element.getAccessToken = () => token` before adding the element.
 */
export class CoursePlayerElement extends HTMLElement {
  static observedAttributes = ['api-url', 'course', 'organisation', 'module', 'theme', 'locale'];
  getAccessToken?: () => Promise<string | null | undefined> | string | null | undefined;
  #player: MountedPlayer | undefined;
  #locale: MountLocale | undefined;

  /** The player's texts and language; set as a property it wins over the `locale` attribute (JSON). */
  get locale(): MountLocale | undefined {
    return this.#locale ?? parseJsonAttribute(this, 'locale');
  }

  set locale(value: MountLocale | undefined) {
    this.#locale = value;
    this.#player?.update({ locale: this.locale });
  }

  #options(): MountOptions {
    const moduleId = Number(this.getAttribute('module'));
    const course = this.getAttribute('course')?.trim();
    const organisation = this.getAttribute('organisation')?.trim();
    return {
      apiUrl: this.getAttribute('api-url') ?? '/api',
      course: course || undefined,
      organisation: organisation || undefined,
      theme: parseJsonAttribute(this, 'theme'),
      locale: this.locale,
      ...(Number.isInteger(moduleId) && moduleId > 0 ? { moduleId } : {}),
      ...(this.getAccessToken ? { getAccessToken: this.getAccessToken } : {}),
    };
  }

  connectedCallback() {
    // A host may set `locale` before this script defines the element: that own property would hide
    // the accessor, so it is taken over here.
    if (Object.hasOwn(this, 'locale')) {
      const early = (this as { locale?: MountLocale }).locale;
      delete (this as { locale?: MountLocale }).locale;
      this.#locale = early;
    }
    this.#player ??= mountCoursePlayer(this, this.#options());
  }

  attributeChangedCallback(name: string) {
    // new texts keep the connection (session, offline queue, cache), and so do a new theme and
    // module; a new api-url or course is a new connection (mountCoursePlayer's update decides)
    this.#player?.update(name === 'locale' ? { locale: this.locale } : this.#options());
  }

  disconnectedCallback() {
    this.#player?.unmount();
    this.#player = undefined;
  }
}

/** Registers `<course-player>` once, whichever script gets there first. */
export function defineCoursePlayerElement(name = 'course-player'): void {
  if (!customElements.get(name)) customElements.define(name, CoursePlayerElement);
}
