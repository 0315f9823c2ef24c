import { createHttpAdapter, createHttpOrganisation } from '@coursekit/core/http';
import { createMemoryOrganisation, createOrganisationHandlers } from '@coursekit/mocks';
import { scenario } from '../withCourse';

/** What an organisation story shows: no one yet, a filled organisation, a server that never answers or fails. */
export type OrganisationState = 'empty' | 'filled' | 'loading' | 'error';

/** The day the stories' organisation lives on, so dates and statuses read the same every run. */
const NOW = Date.parse('2026-11-29T09:00:00Z');

/**
 * A story's parameters: a memory organisation behind the managers' API (MSW), and the HTTP
 * organisation adapter the widget is given, as a manager's page makes it.
 */
export function organisationWorld(state: OrganisationState) {
  const organisation = createMemoryOrganisation({
    scenario: state === 'empty' ? 'empty' : 'filled',
    now: () => NOW,
  });
  const handlers = createOrganisationHandlers(organisation, {
    baseUrl: '/api',
    ...(state === 'loading' || state === 'error' ? { state } : {}),
  });
  const adapter = createHttpOrganisation(
    createHttpAdapter({
      // absolute, so the same story runs in the browser and in Node (tests)
      baseUrl: new URL('/api', globalThis.location.origin).href,
      getAccessToken: () => 'manager-token',
      // the fetch of the moment of each call: MSW's, once the story's server listens
      fetch: (input, init) => globalThis.fetch(input, init),
    }),
    organisation.organisationId,
  );
  // The provider's own calls (the platform's settings) are the learner API's, from the mocks' store.
  const course = scenario('new-learner');
  return {
    msw: { handlers: [...handlers, ...course.msw.handlers] },
    course: course.course,
    organisation: adapter,
    memory: organisation,
  };
}
