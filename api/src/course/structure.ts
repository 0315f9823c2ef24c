import { courseDoesNotExist, messages } from '@coursekit/core';
import type { AppContext } from '../context';
import type { Database } from '../db/index';
import { fail } from '../http/errors';

/** A course as routes resolve it: by slug, or the default for the unscoped paths. */
export interface CourseRef {
  id: number;
  slug: string;
  title: string;
  status: 'draft' | 'published' | 'archived';
  is_default: boolean;
}

/**
 * What progress needs of one course: modules (with their test-out thresholds), active lessons,
 * quizzes — ids and order only — and what test-out grades: the pre-assessment's questions, each
 * with its key and module.
 */
export interface CourseStructure {
  modules: Array<{ id: number; order_index: number; test_out_score: number | null }>;
  lessons: Array<{ id: number; lesson_key: string; module_id: number; order: number }>;
  quizzes: Array<{ id: number; kind: 'pre_assessment' | 'course' }>;
  preAssessmentQuestions: Array<{
    id: number;
    quiz_id: number;
    module_id: number | null;
    correct_answer: 'A' | 'B' | 'C' | 'D';
  }>;
}

/** The platform's courses (not their structure), as of one course_version. */
interface CourseList {
  /** course_version.version when read (the trigger on `courses` bumps it when a course is added,
   * removed, renamed, or changes status or default). */
  version: string;
  courses: CourseRef[];
  /** The course the unscoped paths show: the one marked default, else the oldest published one. */
  defaultCourse: CourseRef | undefined;
}

/**
 * The channel the triggers NOTIFY: a course's id when its modules, lessons or quizzes changed (that
 * course's structure is dropped), '' when the list of courses changed (everything is dropped).
 */
export const COURSE_CHANNEL = 'course_changed';

// One round trip, one snapshot: the list and the version it is as of.
const LIST_SQL = `select
  (select version::text from course_version where id = 1) as version,
  coalesce((select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'title', c.title, 'status', c.status,
    'is_default', c.is_default) order by c.id) from courses c), '[]') as courses`;

// The structure of some courses, each with the structure_version it is as of: one statement, one
// snapshot, whatever the number of courses asked for.
const STRUCTURE_SQL = `select c.id, c.structure_version::text as version,
  coalesce((select json_agg(json_build_object('id', m.id, 'order_index', m.order_index,
    'test_out_score', m.test_out_score) order by m.id) from modules m where m.course_id = c.id), '[]') as modules,
  coalesce((select json_agg(json_build_object('id', l.id, 'lesson_key', l.lesson_key, 'module_id', l.module_id,
    'order', l."order") order by l.id) from lessons l where l.course_id = c.id and l.is_active), '[]') as lessons,
  coalesce((select json_agg(json_build_object('id', q.id, 'kind', q.kind) order by q.id)
    from quizzes q where q.course_id = c.id), '[]') as quizzes,
  coalesce((select json_agg(json_build_object('id', qq.id, 'quiz_id', qq.quiz_id, 'module_id', qq.module_id,
    'correct_answer', qq.correct_answer) order by qq.id) from quiz_questions qq join quizzes q on q.id = qq.quiz_id
    where q.course_id = c.id and q.kind = 'pre_assessment'), '[]') as pre_assessment_questions
  from courses c where c.id = any($1::int[])`;

type StructureRow = Omit<VersionedStructure, 'preAssessmentQuestions'> & {
  id: number;
  pre_assessment_questions: CourseStructure['preAssessmentQuestions'];
};

type VersionedStructure = CourseStructure & { version: string };

/** The default course of a list: the one marked default, else the oldest published, else the oldest. */
export function pickDefault<C extends { id: number; status: string; is_default: boolean }>(
  courses: readonly C[],
): C | undefined {
  const oldest = [...courses].sort((a, b) => a.id - b.id);
  return oldest.find((c) => c.is_default) ?? oldest.find((c) => c.status === 'published') ?? oldest[0];
}

/** One cached value: what is held, what is being loaded, and a generation bumped on every drop. */
interface Slot<T> {
  current: T | undefined;
  loading: Promise<T | undefined> | undefined;
  /** Bumped on every drop, so a load that raced a change is not kept. */
  generation: number;
}
const emptySlot = <T>(): Slot<T> => ({ current: undefined, loading: undefined, generation: 0 });
function drop(slot: Slot<unknown>): void {
  slot.generation += 1;
  slot.current = undefined;
  slot.loading = undefined;
}

interface Cache {
  list: Slot<CourseList>;
  /** Per course id: each course is loaded, checked and dropped on its own. */
  courses: Map<number, Slot<VersionedStructure>>;
  listening: Promise<void> | undefined;
}

// Per database connection (= per instance): every app on the same Database shares it.
const caches = new WeakMap<Database, Cache>();

type Ctx = Pick<AppContext, 'database' | 'logger'>;

function cacheOf(ctx: Ctx): Cache {
  let cache = caches.get(ctx.database);
  if (!cache) {
    const created: Cache = { list: emptySlot(), courses: new Map(), listening: undefined };
    caches.set(ctx.database, created);
    cache = created;
  }
  if (!cache.listening) {
    // A course id drops that course's structure; '' (the list changed, or a table was truncated)
    // drops everything, as does a re-established LISTEN (changes made while it was down were not
    // heard). A failed LISTEN is retried on the next read.
    const heard = (payload: string) => {
      const id = Number(payload);
      if (payload !== '' && Number.isInteger(id)) dropCourseStructure(ctx, id);
      else dropCourseStructure(ctx);
    };
    const listening = ctx.database
      .listen(COURSE_CHANNEL, heard, () => dropCourseStructure(ctx))
      .then(
        () => undefined,
        (err) => {
          ctx.logger.warn({ err }, 'could not LISTEN for course changes; will retry');
          if (cache) cache.listening = undefined;
        },
      );
    cache.listening = listening;
  }
  return cache;
}

// Other per-instance caches of a course's rows (a quiz's bank and its question versions): each is
// told of every drop, with the course's id, or undefined when everything is dropped.
const dropListeners = new WeakMap<Database, Set<(courseId?: number) => void>>();

/**
 * Calls `listener` whenever this instance drops a course's structure (its NOTIFY arrived) or all of
 * them (undefined), and makes sure the instance LISTENs.
 */
export function onCourseDropped(ctx: Ctx, listener: (courseId?: number) => void): void {
  cacheOf(ctx);
  const set = dropListeners.get(ctx.database) ?? new Set();
  dropListeners.set(ctx.database, set);
  set.add(listener);
}

/**
 * Forgets this instance's copy of one course's structure, or of everything (the list and every
 * course) without a course id; the next read loads it again.
 */
export function dropCourseStructure(ctx: Pick<AppContext, 'database'>, courseId?: number): void {
  for (const listener of dropListeners.get(ctx.database) ?? []) listener(courseId);
  const cache = caches.get(ctx.database);
  if (!cache) return;
  if (courseId !== undefined) {
    const slot = cache.courses.get(courseId);
    if (slot) drop(slot);
    return;
  }
  drop(cache.list);
  for (const slot of cache.courses.values()) drop(slot);
}

/**
 * Reads a slot: the held value when `fresh` accepts it, else the load in flight when that is fresh,
 * else a new load (kept only when nothing dropped the slot meanwhile).
 */
async function read<T>(
  slot: Slot<T>,
  fresh: (value: T | undefined) => value is T,
  load: () => Promise<T | undefined>,
): Promise<T | undefined> {
  if (fresh(slot.current)) return slot.current;
  if (slot.loading) {
    const loaded = await slot.loading;
    if (fresh(loaded)) return loaded;
  }
  const generation = slot.generation;
  const loading = load();
  slot.loading = loading;
  try {
    const loaded = await loading;
    if (slot.generation === generation) slot.current = loaded;
    return loaded;
  } finally {
    if (slot.loading === loading) slot.loading = undefined;
  }
}

/** The platform's courses from this instance's memory (loaded on first use and after a change). */
async function courseList(ctx: Ctx): Promise<CourseList> {
  const cache = cacheOf(ctx);
  const list = await read(
    cache.list,
    (l): l is CourseList => l !== undefined,
    async () => {
      const [row] = await ctx.database.query<{ version: string; courses: CourseRef[] }>(LIST_SQL, []);
      return { version: row!.version, courses: row!.courses, defaultCourse: pickDefault(row!.courses) };
    },
  );
  return list!;
}

const EMPTY: CourseStructure = { modules: [], lessons: [], quizzes: [], preAssessmentQuestions: [] };

/**
 * The structure of several courses from this instance's memory. Each wanted course comes with the
 * structure_version a query of the same request read: a copy of another version is stale (its
 * NOTIFY may not have arrived yet) and is loaded again, so a learner never sees an older course than
 * the database holds. Every stale course is loaded by one statement; a course that does not exist
 * (or a version of null) gets an empty structure.
 */
export async function courseStructures(
  ctx: Ctx,
  wanted: ReadonlyArray<{ id: number; version?: string | null }>,
): Promise<Map<number, CourseStructure>> {
  const cache = cacheOf(ctx);
  const slotOf = (id: number) => {
    const slot = cache.courses.get(id) ?? emptySlot<VersionedStructure>();
    cache.courses.set(id, slot);
    return slot;
  };
  const freshFor =
    (version: string | null | undefined) =>
    (s: VersionedStructure | undefined): s is VersionedStructure =>
      s !== undefined && (version === undefined || version === null || s.version === version);
  const result = new Map<number, CourseStructure>();
  const stale = wanted.filter((w) => {
    const slot = slotOf(w.id);
    if (freshFor(w.version)(slot.current)) result.set(w.id, slot.current);
    return !result.has(w.id);
  });
  if (stale.length === 1) {
    // The common case (a learner's progress read after a change): one slot, shared with concurrent readers.
    const [w] = stale;
    const loaded = await read(slotOf(w!.id), freshFor(w!.version), async () => {
      const [row] = await ctx.database.query<StructureRow>(STRUCTURE_SQL, [[w!.id]]);
      return row && structureOf(row);
    });
    result.set(w!.id, loaded ?? EMPTY);
  } else if (stale.length > 1) {
    const generations = new Map(stale.map((w) => [w.id, slotOf(w.id).generation]));
    const rows = await ctx.database.query<StructureRow>(STRUCTURE_SQL, [stale.map((w) => w.id)]);
    for (const row of rows) {
      const slot = slotOf(row.id);
      const loaded = structureOf(row);
      if (slot.generation === generations.get(row.id)) slot.current = loaded;
      result.set(row.id, loaded);
    }
    for (const w of stale) if (!result.has(w.id)) result.set(w.id, EMPTY);
  }
  return result;
}

const structureOf = (row: StructureRow): VersionedStructure => ({
  version: row.version,
  modules: row.modules,
  lessons: row.lessons,
  quizzes: row.quizzes,
  preAssessmentQuestions: row.pre_assessment_questions,
});

/** One course's structure, as of `seenVersion` (see courseStructures). */
export async function courseStructure(
  ctx: Ctx,
  courseId: number,
  seenVersion?: string | null,
): Promise<CourseStructure> {
  return (await courseStructures(ctx, [{ id: courseId, version: seenVersion }])).get(courseId) ?? EMPTY;
}

/**
 * The course a request is about: by slug (`/api/courses/:course/…`), or the default one. Served from
 * memory; a slug this copy does not know is looked for once more in a fresh copy before the 404 (a
 * course created on another instance a moment ago). 404 "Course … does not exist", or the
 * "no course is loaded" message when there is no course at all.
 */
export async function resolveCourse(
  ctx: Ctx,
  slug?: string,
  options: { drafts?: boolean } = {},
): Promise<CourseRef> {
  // A draft is not there for learners (404 as for any unknown slug); admins reach it to prepare it.
  const visible = (c: CourseRef) => options.drafts || c.status !== 'draft';
  const find = (list: CourseList) =>
    slug === undefined ? list.defaultCourse : list.courses.find((c) => c.slug === slug && visible(c));
  let found = find(await courseList(ctx));
  // Reloaded only when the course exists: an unknown slug costs one indexed lookup, never a reload.
  if (!found && slug !== undefined) {
    const [row] = await ctx.database.query<{ id: number }>('select id from courses where slug = $1', [slug]);
    if (row) {
      drop(cacheOf(ctx).list);
      found = find(await courseList(ctx));
    }
  }
  if (!found) {
    throw fail('not_found', slug === undefined ? messages.courseNotLoaded : courseDoesNotExist(slug));
  }
  return found;
}
