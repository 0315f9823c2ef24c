import type { Session } from '@coursekit/core';
import { createHttpAdapter, type SessionStorageLike } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import {
  type CourseFixture,
  createHandlers,
  createMemoryStore,
  DEMO_LEARNER,
  type ScenarioName,
  type ScenarioOptions,
} from '@coursekit/mocks';
import type { CourseTheme } from '@coursekit/react';
import { CourseProvider } from '@coursekit/react';
import type { Decorator } from '@storybook/react-vite';
import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fn } from 'storybook/test';

/** What a story tells the decorator about its world. */
export interface CourseParameters {
  /** The host routes (onNavigate is a spy in the Actions panel); otherwise the widget navigates itself. */
  hostRoutes?: boolean;
  /** No access token: the signed-out prompts. */
  signedOut?: boolean;
  /**
   * Signed in with this session, kept by the adapter as after a sign-in (the admin guard needs a
   * session); otherwise the adapter holds the demo learner's token, as a partner's host would.
   */
  session?: Session;
  theme?: CourseTheme;
}

/**
 * A story's parameters for a mocks scenario: MSW handlers on a fresh in-memory store (so the widget
 * talks HTTP to the reference API's surface, exactly as in production) and how the host behaves.
 */
export function scenario(
  name: ScenarioName | ScenarioOptions,
  course: CourseParameters = { hostRoutes: true },
  /** Another course than the reference one (e.g. a module without lessons). */
  fixture?: CourseFixture,
) {
  const store = createMemoryStore(name, fixture);
  return { msw: { handlers: createHandlers(store, { baseUrl: '/api' }) }, course, store };
}

/** An in-memory session store already holding `session`. */
function sessionStorageOf(session: Session): SessionStorageLike {
  const items = new Map([['coursekit.session', JSON.stringify(session)]]);
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** Wraps every story in a CourseProvider on the HTTP adapter, against the story's MSW handlers. */
export const withCourse: Decorator = (Story, context) => {
  const course = (context.parameters.course ?? {}) as CourseParameters;
  const [value] = useState(() => ({
    // the admin part too, for the AdminConsole's stories (the learner widgets never call it)
    adapter: withHttpAdmin(
      createHttpAdapter({
        // absolute, so the same story runs in the browser and in Node (tests)
        baseUrl: new URL('/api', globalThis.location.origin).href,
        ...(course.session
          ? { storage: sessionStorageOf(course.session) }
          : { getAccessToken: () => (course.signedOut ? null : DEMO_LEARNER.accessToken) }),
      }),
    ),
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    onNavigate: course.hostRoutes ? fn().mockName('onNavigate') : undefined,
  }));
  return (
    <CourseProvider {...value} theme={course.theme}>
      <Story />
    </CourseProvider>
  );
};
