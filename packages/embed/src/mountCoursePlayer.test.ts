// @vitest-environment jsdom

import type { OfflineCourseAdapter, OfflineStatus } from '@coursekit/core';
import { createMemoryAdapter, createMemoryStore } from '@coursekit/mocks';
import { findByRole, findByText } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineCoursePlayerElement } from './courseElement';
import { type MountedPlayer, mountCoursePlayer } from './mountCoursePlayer';

const german = {
  lang: 'de',
  strings: {
    coursePlayerLabel: 'Kurs',
    gettingStarted: 'Erste Schritte',
    startLearning: 'Jetzt lernen',
    openModule: 'Modul {number} öffnen',
  },
};

const mounted: MountedPlayer[] = [];
afterEach(() => {
  for (const player of mounted.splice(0)) player.unmount();
  document.body.replaceChildren();
});

function host() {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
}

describe('mountCoursePlayer locale', () => {
  it('renders the player with the partner’s texts and lang', async () => {
    const element = host();
    const adapter = createMemoryAdapter(createMemoryStore('new-learner'));
    mounted.push(mountCoursePlayer(element, { adapter, locale: german }));
    const shadow = element.shadowRoot as unknown as HTMLElement;
    expect(await findByRole(shadow, 'heading', { name: 'Erste Schritte' })).toBeTruthy();
    expect(await findByRole(shadow, 'button', { name: 'Modul 2 öffnen' })).toBeTruthy();
    const root = await findByRole(shadow, 'region', { name: 'Kurs' });
    expect(root.getAttribute('lang')).toBe('de');
    // a text not given keeps the spec's English
    expect(await findByRole(shadow, 'button', { name: 'Take Assessment' })).toBeTruthy();
  });

  it('takes a new locale through update()', async () => {
    const element = host();
    const adapter = createMemoryAdapter(createMemoryStore('new-learner'));
    const player = mountCoursePlayer(element, { adapter });
    mounted.push(player);
    const shadow = element.shadowRoot as unknown as HTMLElement;
    expect(await findByRole(shadow, 'heading', { name: 'Getting Started' })).toBeTruthy();
    player.update({ locale: german });
    expect(await findByRole(shadow, 'heading', { name: 'Erste Schritte' })).toBeTruthy();
  });
  it('tells an offline learner in the partner’s language, one form for one lesson and one for more', async () => {
    const element = host();
    let status: OfflineStatus = { online: false, pending: 2 };
    const listeners = new Set<(next: OfflineStatus) => void>();
    const adapter: OfflineCourseAdapter = {
      ...createMemoryAdapter(createMemoryStore('new-learner')),
      offline: {
        status: () => status,
        subscribe: (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        flush: async () => {},
      },
    };
    const setStatus = (next: OfflineStatus) => {
      status = next;
      for (const listener of listeners) listener(next);
    };
    const strings = {
      offlineWaiting: 'Sie sind offline ({count} warten).',
      backOnlineSendingOne: 'Wieder online: {count} Lektion wird gesendet…',
      backOnlineSendingOther: 'Wieder online: {count} Lektionen werden gesendet…',
    };
    mounted.push(mountCoursePlayer(element, { adapter, locale: { lang: 'de', strings } }));
    const shadow = element.shadowRoot as unknown as HTMLElement;
    const notice = await findByText(shadow, 'Sie sind offline (2 warten).');
    expect(notice.getAttribute('lang')).toBe('de');
    setStatus({ online: true, pending: 1 });
    expect(await findByText(shadow, 'Wieder online: 1 Lektion wird gesendet…')).toBeTruthy();
    setStatus({ online: true, pending: 3 });
    expect(await findByText(shadow, 'Wieder online: 3 Lektionen werden gesendet…')).toBeTruthy();
  });
});

describe('<course-player> locale', () => {
  it('reads the locale attribute as JSON, and a locale property wins over it', async () => {
    defineCoursePlayerElement();
    // the element connects to its api-url; the API never answers here, the root renders regardless
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const element = document.createElement('course-player') as HTMLElement & { locale?: unknown };
    element.setAttribute('api-url', 'http://127.0.0.1:9/api');
    element.setAttribute('locale', JSON.stringify({ lang: 'fr', strings: { coursePlayerLabel: 'Cours' } }));
    document.body.append(element);
    const shadow = element.shadowRoot as unknown as HTMLElement;
    const root = await findByRole(shadow, 'region', { name: 'Cours' });
    expect(root.getAttribute('lang')).toBe('fr');
    element.locale = german;
    expect((await findByRole(shadow, 'region', { name: 'Kurs' })).getAttribute('lang')).toBe('de');
    element.remove();
    vi.unstubAllGlobals();
  });
});
