import { createHttpAdapter, type SessionStorageLike } from '@coursekit/core/http';
import {
  createHandlers,
  createMemoryStore,
  DEMO_LEARNER,
  type ScenarioName,
  type ScenarioOptions,
} from '@coursekit/mocks';
import { render } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { App } from '../App';

/**
 * The whole site as it runs in production: core's HTTP adapter (and `forCourse` for every course by
 * slug, on its session) talking to the mocks' MSW handlers of the reference API. `requests` lists the
 * paths asked, with the token each carried.
 */
export const requests: Array<{ path: string; auth: string | null }> = [];
const server = setupServer();
server.events.on('request:start', ({ request }) =>
  requests.push({ path: new URL(request.url).pathname, auth: request.headers.get('authorization') }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

/** Where the site's API is in the tests (an absolute URL: Node's fetch takes no relative one). */
export const apiBase = () => new URL('/api', window.location.origin).href;

export interface SiteOptions {
  path?: string;
  scenario?: ScenarioName | ScenarioOptions;
  signedIn?: boolean;
  /** Handlers that answer before the store's (a failing or empty catalog…). */
  override?: RequestHandler[];
}

export function renderSite({
  path = '/',
  scenario = 'new-learner',
  signedIn = true,
  override = [],
}: SiteOptions = {}) {
  window.history.replaceState(null, '', path);
  const store = createMemoryStore(scenario);
  server.use(...override, ...createHandlers(store, { baseUrl: apiBase() }));
  const items = new Map<string, string>();
  const storage: SessionStorageLike = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
  if (signedIn)
    storage.setItem('coursekit.session', JSON.stringify(store.sessionFor(DEMO_LEARNER.accessToken)));
  const adapter = createHttpAdapter({ baseUrl: apiBase(), storage });
  return { ...render(<App adapter={adapter} />), store, adapter };
}
