import { createHttpAdapter } from '@coursekit/core/http';
import { eq } from 'drizzle-orm';
import { dropCourseStructure } from '../course/structure';
import { schema } from '../db/index';
import { courseIdOf, defaultCourseId, type TestServer } from './harness';

// The conformance suite's test-out and archived-course hooks on the live API: each writes what an
// admin or a content load would write, then forgets this instance's cached course structure.

/** Every module of the default course tests out at this threshold (null: test-out off), as a load of
 * a course.json with `testOut: { enabled: true, passingScore }` would store it. */
export async function setTestOut(server: TestServer, passingScore: number | null): Promise<void> {
  const { db } = server.database;
  const courseId = await defaultCourseId(db);
  await db
    .update(schema.modules)
    .set({ testOutScore: passingScore })
    .where(eq(schema.modules.courseId, courseId));
  dropCourseStructure(server.app.ctx);
}

/**
 * The second course of api/content (the default course stays published), archived or published as
 * an admin's PATCH /api/admin/courses/{slug} would set it.
 */
export function archiveCourse(server: TestServer, slug: string) {
  return {
    makeAdapter: () => createHttpAdapter({ baseUrl: server.api, course: slug }),
    setArchived: async (archived: boolean) => {
      const { db } = server.database;
      const id = await courseIdOf(db, slug);
      await db
        .update(schema.courses)
        .set({ status: archived ? 'archived' : 'published' })
        .where(eq(schema.courses.id, id));
      dropCourseStructure(server.app.ctx);
    },
  };
}
