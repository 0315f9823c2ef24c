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

/** What progress needs of one course: modules, active lessons, quizzes — ids and order only. */
export interface CourseStructure {
  modules: Array<{ id: number; order_index: number }>;
  lessons: Array<{ id: number; lesson_key: string; module_id: number; order: number }>;
  quizzes: Array<{ id: number; kind: 'pre_assessment' | 'course' }>;
}

/** Every course's structure, as of one course_version. */
export interface PlatformStructure {
  /** course_version.version when read (a trigger bumps it on every change to the four tables). */
  version: string;
  courses: CourseRef[];
  /** The course the unscoped paths show: the one marked default, else the oldest published one. */
  defaultCourse: CourseRef | undefined;
  byCourse: Map<number, CourseStructure>;
}

export const COURSE_CHANNEL = 'course_changed';

interface StructureRow {
  version: string;
  courses: CourseRef[];
  modules: Array<{ course_id: number; id: number; order_index: number }>;
  lessons: Array<{ course_id: number; id: number; lesson_key: string; module_id: number; order: number }>;
  quizzes: Array<{ course_id: number; id: number; kind: 'pre_assessment' | 'course' }>;
}

// One round trip, one snapshot: the version and the lists it describes, for every course.
const STRUCTURE_SQL = `select
  (select version::text from course_version where id = 1) as version,
  coalesce((select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'title', c.title, 'status', c.status,
    'is_default', c.is_default) order by c.id) from courses c), '[]') as courses,
  coalesce((select json_agg(json_build_object('course_id', m.course_id, 'id', m.id, 'order_index', m.order_index)
    order by m.course_id, m.id) from modules m), '[]') as modules,
  coalesce((select json_agg(json_build_object('course_id', l.course_id, 'id', l.id, 'lesson_key', l.lesson_key,
    'module_id', l.module_id, 'order', l."order") order by l.id) from lessons l where l.is_active), '[]') as lessons,
  coalesce((select json_agg(json_build_object('course_id', q.course_id, 'id', q.id, 'kind', q.kind) order by q.id)
    from quizzes q), '[]') as quizzes`;

function toPlatform(row: StructureRow): PlatformStructure {
  const byCourse = new Map<number, CourseStructure>(
    row.courses.map((c) => [c.id, { modules: [], lessons: [], quizzes: [] }]),
  );
  for (const { course_id, ...m } of row.modules) byCourse.get(course_id)?.modules.push(m);
  for (const { course_id, ...l } of row.lessons) byCourse.get(course_id)?.lessons.push(l);
  for (const { course_id, ...q } of row.quizzes) byCourse.get(course_id)?.quizzes.push(q);
  return { version: row.version, courses: row.courses, defaultCourse: pickDefault(row.courses), byCourse };
}

/** The default course of a list: the one marked default, else the oldest published, else the oldest. */
export function pickDefault<C extends { id: number; status: string; is_default: boolean }>(
  courses: readonly C[],
): C | undefined {
  const oldest = [...courses].sort((a, b) => a.id - b.id);
  return oldest.find((c) => c.is_default) ?? oldest.find((c) => c.status === 'published') ?? oldest[0];
}

interface Cache {
  current: PlatformStructure | undefined;
  loading: Promise<PlatformStructure> | undefined;
  /** Bumped on every drop, so a load that raced a change is not kept. */
  generation: number;
  listening: Promise<void> | undefined;
}

// Per database connection (= per instance): every app on the same Database shares it.
const caches = new WeakMap<Database, Cache>();

function cacheOf(ctx: Pick<AppContext, 'database' | 'logger'>): Cache {
  let cache = caches.get(ctx.database);
  if (!cache) {
    const created: Cache = { current: undefined, loading: undefined, generation: 0, listening: undefined };
    caches.set(ctx.database, created);
    cache = created;
  }
  if (!cache.listening) {
    const drop = () => dropCourseStructure(ctx);
    // NOTIFY from the trigger on any instance drops this one's copy; so does a re-established LISTEN
    // (changes made while it was down were not heard). A failed LISTEN is retried on the next read.
    const listening = ctx.database.listen(COURSE_CHANNEL, drop, drop).then(
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

/** Forgets this instance's copy; the next read loads it again. */
export function dropCourseStructure(ctx: Pick<AppContext, 'database'>): void {
  const cache = caches.get(ctx.database);
  if (!cache) return;
  cache.generation += 1;
  cache.current = undefined;
  cache.loading = undefined;
}

/**
 * Every course's structure from this instance's memory. `seenVersion` is course_version as a query
 * of the same request read it: when it differs, the copy is stale (a NOTIFY may not have arrived yet)
 * and is loaded again, so a learner never sees an older course than the database holds.
 */
export async function platformStructure(
  ctx: Pick<AppContext, 'database' | 'logger'>,
  seenVersion?: string | null,
): Promise<PlatformStructure> {
  const cache = cacheOf(ctx);
  const fresh = (s: PlatformStructure | undefined) =>
    s && (seenVersion === undefined || seenVersion === null || s.version === seenVersion);
  if (fresh(cache.current)) return cache.current!;
  if (cache.loading) {
    const loaded = await cache.loading;
    if (fresh(loaded)) return loaded;
  }
  const generation = cache.generation;
  const loading = ctx.database.query<StructureRow>(STRUCTURE_SQL, []).then(([row]) => toPlatform(row!));
  cache.loading = loading;
  try {
    const loaded = await loading;
    if (cache.generation === generation) cache.current = loaded;
    return loaded;
  } finally {
    if (cache.loading === loading) cache.loading = undefined;
  }
}

const EMPTY: CourseStructure = { modules: [], lessons: [], quizzes: [] };

/** One course's structure, as of `seenVersion` (see platformStructure). */
export async function courseStructure(
  ctx: Pick<AppContext, 'database' | 'logger'>,
  courseId: number,
  seenVersion?: string | null,
): Promise<CourseStructure> {
  return (await platformStructure(ctx, seenVersion)).byCourse.get(courseId) ?? EMPTY;
}

/**
 * The course a request is about: by slug (`/api/courses/:course/…`), or the default one. Served from
 * memory; a slug this copy does not know is looked for once more in a fresh copy before the 404 (a
 * course created on another instance a moment ago). 404 "Course … does not exist", or the
 * "no course is loaded" message when there is no course at all.
 */
export async function resolveCourse(
  ctx: Pick<AppContext, 'database' | 'logger'>,
  slug?: string,
  options: { drafts?: boolean } = {},
): Promise<CourseRef> {
  // A draft is not there for learners (404 as for any unknown slug); admins reach it to prepare it.
  const visible = (c: CourseRef) => options.drafts || c.status !== 'draft';
  const find = (p: PlatformStructure) =>
    slug === undefined ? p.defaultCourse : p.courses.find((c) => c.slug === slug && visible(c));
  let found = find(await platformStructure(ctx));
  // Reloaded only when the course exists: an unknown slug costs one indexed lookup, never a reload.
  if (!found && slug !== undefined) {
    const [row] = await ctx.database.query<{ id: number }>('select id from courses where slug = $1', [slug]);
    if (row) {
      dropCourseStructure(ctx);
      found = find(await platformStructure(ctx));
    }
  }
  if (!found) {
    throw fail('not_found', slug === undefined ? messages.courseNotLoaded : courseDoesNotExist(slug));
  }
  return found;
}
