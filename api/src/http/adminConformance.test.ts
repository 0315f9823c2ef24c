import { randomUUID } from 'node:crypto';
import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { type AdminWorld, runAdminConformance } from '@coursekit/core/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { schema } from '../db/index';
import { DRIVERS, defaultCourseId, signInAdmin, startServer, type TestServer } from '../test/harness';

// core's admin conformance suite, which the mocks pass in memory and over MSW, through the HTTP
// adapter on the live API: the same checks, the same texts, on each driver.

const { userProgress, lessons, modules } = schema;

/** Image validation without the spec's 2 s pauses between batches (the checks count, not time). */
const fastImages = { imageValidation: { pauseMs: 0, retryDelaysMs: [], timeoutMs: 5000, slowMs: 3000 } };

/** A world on a running test server: its bootstrap admin, learners over HTTP, rows written by SQL. */
function apiWorld(server: () => TestServer): AdminWorld {
  const db = () => server().database.db;
  // One sign-in per world: the API allows five a minute per e-mail.
  let admin: Promise<{ token: string }> | undefined;
  return {
    async makeAdmin() {
      admin ??= signInAdmin(server());
      const { token } = await admin;
      return withHttpAdmin(
        createHttpAdapter({ baseUrl: server().api, getAccessToken: () => token, jobPollMs: 5 }),
      ).admin;
    },
    makeAdapter: () => withHttpAdmin(createHttpAdapter({ baseUrl: server().api, jobPollMs: 5 })),
    seed: {
      async legacyProgress(userId, lessonKey) {
        await db()
          .update(userProgress)
          .set({ lessonKey: null, trackingMethod: 'legacy' })
          .where(and(eq(userProgress.userId, userId), eq(userProgress.lessonKey, lessonKey)));
      },
      async orphanedProgress(userId) {
        // A lesson deleted since: its id went (set null), its key is no lesson's any more.
        const [first] = await db()
          .select({ id: modules.id })
          .from(modules)
          .orderBy(modules.orderIndex)
          .limit(1);
        await db()
          .insert(userProgress)
          .values({
            userId,
            courseId: await defaultCourseId(db()),
            lessonId: null,
            lessonKey: `retired-lesson-${randomUUID()}`,
            moduleId: first!.id,
            completed: true,
            lessonOrder: 99,
            trackingMethod: 'stable',
          });
      },
      async imageLink(lessonId, url) {
        await db()
          .update(lessons)
          .set({ content: sql`${lessons.content} || ${`\n<p><img src="${url}" alt="Diagram"></p>`}` })
          .where(eq(lessons.id, lessonId));
      },
    },
  };
}

for (const driver of DRIVERS) {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, fastImages);
  });
  afterAll(() => server?.close());

  runAdminConformance(`http adapter on the live API (${driver})`, {
    world: apiWorld(() => server),
    async isolatedWorld() {
      const own = await startServer(driver, fastImages);
      return { ...apiWorld(() => own), close: () => own.close() };
    },
  });
}
