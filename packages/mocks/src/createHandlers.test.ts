import { createHttpAdapter } from '@coursekit/core/http';
import { runAdapterConformance } from '@coursekit/core/testing';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBackend } from './admin/adminBackend';
import { createHandlers } from './createHandlers';
import { createMemoryAdapter } from './createMemoryAdapter';
import { bankHooks } from './store/bankHooks';
import { courseStateHooks } from './store/courseStateHooks';
import { createMemoryStore } from './store/createMemoryStore';
import { DEMO_LEARNER } from './store/seedLearnerScenario';

const baseUrl = 'http://mocks.test/api';
const store = createMemoryStore({ learner: false });
const demo = createMemoryStore('course-complete');
const server = setupServer(
  ...createHandlers(store, { baseUrl }),
  ...createHandlers(demo, { baseUrl: 'http://demo.test/api' }),
  ...createHandlers(createMemoryStore('server-failing'), { baseUrl: 'http://failing.test/api' }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

runAdapterConformance('HTTP adapter on the MSW handlers', {
  makeAdapter: () => createHttpAdapter({ baseUrl }),
  makeCourseAdapter: (course) => createHttpAdapter({ baseUrl, course }),
  ...bankHooks(store),
  ...courseStateHooks(store, () => createHttpAdapter({ baseUrl })),
});

describe('scenarios over HTTP', () => {
  it('serves the demo learner to an adapter holding its access token', async () => {
    const adapter = createHttpAdapter({
      baseUrl: 'http://demo.test/api',
      getAccessToken: () => DEMO_LEARNER.accessToken,
    });
    const { summary } = await adapter.progress.get();
    expect(summary).toMatchObject({ isComplete: true, quizPassed: true, courseComplete: true });
    expect(await adapter.certificate?.get()).toMatchObject({ learner_name: DEMO_LEARNER.name });
  });

  it('answers the signed-in person’s organisations with their role, as the memory adapter does', async () => {
    const { organisations } = adminBackend(demo);
    const learner = [...demo.tables.users.values()].find((row) => row.user.email === DEMO_LEARNER.email)!;
    const acme = organisations.create(null, { name: 'Acme Facilities', slug: 'acme-facilities' });
    const bravo = organisations.create(null, { name: 'Bravo Works', slug: 'bravo-works' });
    const closed = organisations.create(null, { name: 'Closed Ltd', slug: 'closed-ltd' });
    organisations.setMember(null, bravo.id, learner.user.id, 'learner');
    organisations.setMember(null, acme.id, learner.user.id, 'manager');
    organisations.setMember(null, closed.id, learner.user.id, 'manager');
    organisations.update(null, closed.id, { status: 'suspended' });
    const http = createHttpAdapter({
      baseUrl: 'http://demo.test/api',
      getAccessToken: () => DEMO_LEARNER.accessToken,
    });
    const want = [
      { id: acme.id, slug: 'acme-facilities', name: 'Acme Facilities', role: 'manager' },
      { id: bravo.id, slug: 'bravo-works', name: 'Bravo Works', role: 'learner' },
    ];
    expect(await http.profile.organisations()).toEqual(want);
    expect(await createMemoryAdapter(demo).profile.organisations()).toEqual(want);
    for (const id of [acme.id, bravo.id, closed.id]) organisations.removeMember(null, id, learner.user.id);
    expect(await http.profile.organisations()).toEqual([]);
  });

  it('streams settings changes as server-sent events', async () => {
    const adapter = createHttpAdapter({ baseUrl: 'http://demo.test/api' });
    const seen: Array<string | null> = [];
    const stop = adapter.settings.subscribe((s) => seen.push(s.system_message));
    await expect.poll(() => seen.length).toBe(1);
    demo.setSettings({ system_message: 'Back at 18:00' });
    await expect.poll(() => seen.at(-1)).toBe('Back at 18:00');
    stop();
  });

  it('a failing server answers 503 with the spec’s text, and settings fall back to the defaults', async () => {
    const adapter = createHttpAdapter({
      baseUrl: 'http://failing.test/api',
      getAccessToken: () => DEMO_LEARNER.accessToken,
    });
    await expect(adapter.course.modules()).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Database connection failed',
    });
    expect((await adapter.settings.get()).maintenance_mode).toBe(false);
  });
});
