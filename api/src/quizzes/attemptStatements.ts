import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { schema } from '../db/index';

// The statements every start, answer and completion runs, prepared once per database handle: drizzle
// builds their SQL text once instead of on every call (building it was a tenth of the API's CPU in
// the exam burst).

const { quizAttempts, courses } = schema;
const p = sql.placeholder;

function prepare(db: Db) {
  return {
    /** A course's structure_version, the key of its cached quizzes (bankCache.ts). */
    courseVersion: db
      .select({ version: sql<string>`${courses.structureVersion}::text` })
      .from(courses)
      .where(eq(courses.id, p('courseId')))
      .prepare('course_structure_version'),
    /** The learner's own attempt and its course's structure_version. */
    ownAttempt: db
      .select({
        row: quizAttempts,
        version: sql<string>`(select structure_version::text from courses where id = ${quizAttempts.courseId})`,
      })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.id, p('attemptId')), eq(quizAttempts.userId, p('userId'))))
      .prepare('own_attempt'),
    /** Locks one answer, only while the question is unanswered and the attempt open. */
    lockAnswer: db
      .update(quizAttempts)
      .set({
        answers: sql`${quizAttempts.answers} || jsonb_build_object(${p('key')}::text, ${p('answer')}::text)`,
      })
      .where(
        and(
          eq(quizAttempts.id, p('attemptId')),
          eq(quizAttempts.userId, p('userId')),
          isNull(quizAttempts.completedAt),
          sql`not (${quizAttempts.answers} ? ${p('key')}::text)`,
        ),
      )
      .returning({ id: quizAttempts.id })
      .prepare('lock_answer'),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

/** The prepared attempt statements of this database handle. */
export function attemptStatements(db: Db): ReturnType<typeof prepare> {
  let statements = prepared.get(db);
  if (!statements) {
    statements = prepare(db);
    prepared.set(db, statements);
  }
  return statements;
}
