import type { Db } from '../db/index';
import { schema } from '../db/index';
import { applyLessons } from './applyLessons';
import { applyQuizzes } from './applyQuizzes';
import { upsertCourseFacts } from './courseFacts';
import type { CourseContent } from './loader';
import { CONTENT_FOLDER_VERSION, storeCourseFiles, type VersionInfo } from './versions';

export interface LoadSummary {
  /** The course's slug. */
  course: string;
  modules: number;
  inserted: number;
  updated: number;
  unchanged: number;
  deactivated: number;
  questions: number;
}

/**
 * Upserts the course: modules; lessons by key (a changed hash makes a new version and a
 * lesson_versions row; lessons missing from the content are deactivated); quizzes by kind with
 * their questions by number. One transaction.
 */
export async function applyCourse(
  db: Pick<Db, 'transaction'>,
  content: CourseContent,
  reason = 'Content migration',
  /** The course's folder, file by file (kept for the admin's export); left as it was when absent. */
  files?: ReadonlyMap<string, Uint8Array>,
  /** Who gives learners these files, for the course's history (with `files` only). */
  version: VersionInfo = CONTENT_FOLDER_VERSION,
): Promise<LoadSummary> {
  return db.transaction(async (tx) => {
    const courseId = await upsertCourseFacts(tx, content.course);
    if (files) await storeCourseFiles(tx, courseId, files, version);
    const modules = await upsertModules(tx, courseId, content.modules);
    const lessons = await applyLessons(tx, courseId, content.lessons, reason);
    const questions = await applyQuizzes(tx, courseId, content.quizzes);
    return { course: content.course.slug, modules, ...lessons, questions };
  });
}

/** Writes the course's modules (by id within the course) and answers how many. */
async function upsertModules(
  tx: Pick<Db, 'insert'>,
  courseId: number,
  modules: CourseContent['modules'],
): Promise<number> {
  for (const m of modules) {
    const values = {
      name: m.name,
      title: m.title,
      summary: m.summary ?? null,
      description: m.description,
      durationMinutes: m.durationMinutes ?? null,
      orderIndex: m.order,
      testOutScore: m.testOutScore,
    };
    await tx
      .insert(schema.modules)
      .values({ courseId, id: m.id, ...values })
      .onConflictDoUpdate({ target: [schema.modules.courseId, schema.modules.id], set: values });
  }
  return modules.length;
}
