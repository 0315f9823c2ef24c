import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../createHandlers';
import { createMemoryAdapter } from '../createMemoryAdapter';
import { createMemoryStore } from '../store/createMemoryStore';
import { DEMO_LEARNER } from '../store/seedLearnerScenario';
import { mockCourseMessages } from './adminCourses';
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

describe('a course zip on the mocks', () => {
  const slug = createMemoryStore('admin-empty').outline().slug;
  const zip = new Blob([new Uint8Array([0x50, 0x4b, 5, 6, ...new Array(18).fill(0)])]);

  it('is refused for export, saying the mocks hold a summary of the course, not its folder', async () => {
    const { adapter } = world('admin-empty');
    await expect(adapter.admin.courses!.exportZip(slug)).rejects.toMatchObject({
      code: 'not_found',
      message: mockCourseMessages.noFolder(slug),
    });
    await expect(adapter.admin.courses!.exportZip('elsewhere')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('is refused for import: a zip, pointing to the API; anything else, as not a zip', async () => {
    const { adapter } = world('admin-empty');
    await expect(adapter.admin.courses!.importZip(zip)).rejects.toMatchObject({
      code: 'invalid_request',
      message: mockCourseMessages.noImport,
    });
    await expect(adapter.admin.courses!.importZip(new Blob(['just text']))).rejects.toMatchObject({
      code: 'invalid_request',
      message: mockCourseMessages.notAZip,
    });
  });

  it('is refused in the same words by the memory adapter', async () => {
    const admin = createMemoryAdapter(createMemoryStore('admin-empty')).admin!;
    await expect(admin.courses!.exportZip(slug)).rejects.toMatchObject({
      message: mockCourseMessages.noFolder(slug),
    });
    await expect(admin.courses!.importZip(zip)).rejects.toMatchObject({
      message: mockCourseMessages.noImport,
    });
  });
});
