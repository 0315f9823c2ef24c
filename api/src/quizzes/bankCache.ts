import type { QuizQuestionWithKey } from '@coursekit/core';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import { onCourseDropped } from '../course/structure';
import { type Database, type schema as S, schema } from '../db/index';
import { attemptStatements } from './attemptStatements';

// What every learner's attempt of a course's quizzes reads and no learner changes: each quiz, its
// bank (question ids and current versions, in order) and every version of its questions, held per
// instance. A request names the course's structure_version it read in its own statement (one
// indexed column): a copy of another version is loaded again, so an edit or a publish is seen by
// the very next attempt on any instance even before its NOTIFY arrives; the NOTIFY (the same per-
// course one the structure cache drops on) frees the old copy.

const { quizzes, quizQuestions, quizQuestionVersions } = schema;
type QuizRow = typeof S.quizzes.$inferSelect;

/** A quiz and its bank: question ids and their current versions, in the quiz's order. */
interface QuizBank {
  quiz: QuizRow;
  bank: Array<{ id: number; version: number }>;
}

export interface CourseQuizzes {
  /** courses.structure_version this copy is as of. */
  version: string;
  quizzes: Map<number, QuizBank>;
  /** A question as one version of it reads (what an attempt given that version shows and grades). */
  versionOf(questionId: number, version: number): QuizQuestionWithKey | undefined;
}

interface Slot {
  current: CourseQuizzes | undefined;
  loading: Promise<CourseQuizzes> | undefined;
  generation: number;
}

const caches = new WeakMap<Database, Map<number, Slot>>();
type Ctx = Pick<AppContext, 'database' | 'db' | 'logger'>;

function slotsOf(ctx: Ctx): Map<number, Slot> {
  let slots = caches.get(ctx.database);
  if (!slots) {
    const created = new Map<number, Slot>();
    slots = created;
    caches.set(ctx.database, created);
    onCourseDropped(ctx, (courseId) => {
      for (const [id, slot] of created) {
        if (courseId !== undefined && id !== courseId) continue;
        slot.generation += 1;
        slot.current = undefined;
        slot.loading = undefined;
      }
    });
  }
  return slots;
}

/** A course's structure_version now (one indexed read), as the key of the course's cached quizzes. */
export async function structureVersionOf(ctx: Pick<AppContext, 'db'>, courseId: number): Promise<string> {
  const [row] = await attemptStatements(ctx.db).courseVersion.execute({ courseId });
  return row?.version ?? '';
}

async function load(ctx: Ctx, courseId: number, version: string): Promise<CourseQuizzes> {
  const quizRows = await ctx.db.select().from(quizzes).where(eq(quizzes.courseId, courseId));
  const ids = quizRows.map((q) => q.id);
  const [bankRows, versionRows] = ids.length
    ? await Promise.all([
        ctx.db
          .select({ id: quizQuestions.id, quizId: quizQuestions.quizId, version: quizQuestions.version })
          .from(quizQuestions)
          .where(inArray(quizQuestions.quizId, ids))
          .orderBy(asc(quizQuestions.quizId), asc(quizQuestions.questionNumber)),
        ctx.db.select().from(quizQuestionVersions).where(inArray(quizQuestionVersions.quizId, ids)),
      ])
    : [[], []];
  const byQuiz = new Map(quizRows.map((quiz): [number, QuizBank] => [quiz.id, { quiz, bank: [] }]));
  for (const row of bankRows) byQuiz.get(row.quizId)?.bank.push({ id: row.id, version: row.version });
  const versions = new Map<string, QuizQuestionWithKey>();
  for (const v of versionRows) {
    // The version's content less what a learner's question does not carry (module, objectives).
    const { module_id: _module, objectives: _objectives, ...question } = v.content;
    versions.set(`${v.questionId}:${v.version}`, { id: v.questionId, quiz_id: v.quizId, ...question });
  }
  return { version, quizzes: byQuiz, versionOf: (id, n) => versions.get(`${id}:${n}`) };
}

/**
 * The course's quizzes as of `version` (structureVersionOf, or read with the request's own row):
 * this instance's copy when it is of that version, else loaded once for every concurrent caller.
 */
export async function courseQuizzes(ctx: Ctx, courseId: number, version: string): Promise<CourseQuizzes> {
  const slots = slotsOf(ctx);
  const slot = slots.get(courseId) ?? { current: undefined, loading: undefined, generation: 0 };
  slots.set(courseId, slot);
  if (slot.current?.version === version) return slot.current;
  if (slot.loading) {
    const loaded = await slot.loading;
    if (loaded.version === version) return loaded;
  }
  const generation = slot.generation;
  const loading = load(ctx, courseId, version);
  slot.loading = loading;
  try {
    const loaded = await loading;
    // Kept unless a NOTIFY dropped the slot meanwhile, or a newer version is already held.
    if (slot.generation === generation && !(slot.current && Number(slot.current.version) > Number(version)))
      slot.current = loaded;
    return loaded;
  } finally {
    if (slot.loading === loading) slot.loading = undefined;
  }
}

/** The structure_version of this instance's copy of a course's quizzes, if it holds one. */
export function heldVersion(database: Database, courseId: number): string | undefined {
  return caches.get(database)?.get(courseId)?.current?.version;
}
