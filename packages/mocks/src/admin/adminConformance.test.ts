import type { AdminAdapter, CourseAdapter } from '@coursekit/core';
import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { type AdminWorld, runAdminConformance } from '@coursekit/core/testing';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { createHandlers } from '../createHandlers';
import { createMemoryAdapter } from '../createMemoryAdapter';
import { createMemoryStore, type MemoryStore } from '../store/createMemoryStore';
import { adminBackend } from './adminBackend';
import { DEMO_ADMIN } from './seedAdminScenario';

// The admin conformance suite (core's, which the API runs live on both drivers) on the mocks: on
// the memory adapter, and on the HTTP adapter over the MSW handlers.

/** Only the demo admin and the course; image jobs step at once. */
const emptyAdminStore = () => createMemoryStore({ learner: false, admin: { jobStepMs: 1 } });

/** What no endpoint writes, written into the store's rows. */
function seedOf(store: MemoryStore): AdminWorld['seed'] {
  return {
    async legacyProgress(userId, lessonKey) {
      const record = store.tables.progress.find((r) => r.user_id === userId && r.lesson_key === lessonKey);
      if (!record) throw new Error(`no record of ${lessonKey} for ${userId}`);
      Object.assign(record, { lesson_key: null, tracking_method: 'legacy' });
    },
    async orphanedProgress(userId) {
      const id = store.tables.nextId();
      store.tables.progress.push({
        id,
        user_id: userId,
        lesson_id: 900_000 + id,
        lesson_key: `retired-lesson-${id}`,
        module_id: store.modulesList[0]!.id,
        completed: true,
        lesson_order: 99,
        tracking_method: 'stable',
        updated_at: new Date().toISOString(),
      });
    },
    async imageLink(lessonId, url) {
      const links = adminBackend(store).tables.lessonImages;
      links.set(lessonId, [...(links.get(lessonId) ?? []), url]);
    },
  };
}

function memoryWorld(store = emptyAdminStore()): AdminWorld {
  return {
    makeAdmin: async () => createMemoryAdapter(store).admin as AdminAdapter,
    makeAdapter: () => createMemoryAdapter(store, { signedIn: false }),
    seed: seedOf(store),
  };
}

runAdminConformance('memory adapter', { world: memoryWorld(), isolatedWorld: async () => memoryWorld() });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let hosts = 0;
/** A store behind its own host; its handlers join the server on first use (after it listens). */
function httpWorld(store = emptyAdminStore()): AdminWorld {
  const baseUrl = `http://admin-conformance-${++hosts}.test/api`;
  let served = false;
  const serve = () => {
    if (!served) server.use(...createHandlers(store, { baseUrl }));
    served = true;
  };
  return {
    async makeAdmin() {
      serve();
      return withHttpAdmin(
        createHttpAdapter({ baseUrl, getAccessToken: () => DEMO_ADMIN.accessToken, jobPollMs: 1 }),
      ).admin;
    },
    makeAdapter(): CourseAdapter {
      serve();
      return withHttpAdmin(createHttpAdapter({ baseUrl, jobPollMs: 1 }));
    },
    seed: seedOf(store),
  };
}

runAdminConformance('HTTP adapter on the MSW handlers', {
  world: httpWorld(),
  isolatedWorld: async () => httpWorld(),
});
