import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../createHandlers';
import { createMemoryStore } from '../store/createMemoryStore';
import { DEMO_LEARNER } from '../store/seedLearnerScenario';
import { DEMO_ADMIN } from './seedAdminScenario';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let worlds = 0;
/** A fresh store behind its own host, and an HTTP adapter on it holding the given token. */
function world(options: Parameters<typeof createMemoryStore>[0], token: string = DEMO_ADMIN.accessToken) {
  const store = createMemoryStore(options);
  const baseUrl = `http://admin-${++worlds}.test/api`;
  server.use(...createHandlers(store, { baseUrl }));
  return {
    store,
    adapter: withHttpAdmin(createHttpAdapter({ baseUrl, getAccessToken: () => token, jobPollMs: 1 })),
  };
}

describe('the admin endpoints over HTTP', () => {
  it('answer 403 with the guard’s text to a learner’s token', async () => {
    const { adapter } = world('mid-course', DEMO_LEARNER.accessToken);
    await expect(adapter.admin.users.list()).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Insufficient permissions to access this resource.',
    });
  });

  it('answer 503 on admin-failing, while the learner surface still answers', async () => {
    const { adapter } = world('admin-failing');
    expect(await adapter.profile.roles()).toContain('admin');
    await expect(adapter.admin.settings.update({ maintenance_mode: true })).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Database connection failed',
    });
  });

  it('refuse a page size over 100, as the API does', async () => {
    const { adapter } = world('admin-large');
    await expect(adapter.admin.users.list({ pageSize: 500 })).rejects.toMatchObject({
      code: 'validation_error',
      message: 'Invalid request query: pageSize: Expected 1 to 100',
    });
    expect((await adapter.admin.users.list({ pageSize: 100, page: 100 })).items).toHaveLength(100);
  });
});
