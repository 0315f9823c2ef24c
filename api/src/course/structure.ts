import type { AppContext } from '../context';
import type { Database } from '../db/index';

/** What progress needs of the course: modules, active lessons, quizzes — ids and order only. */
export interface CourseStructure {
  /** course_version.version when read (a trigger bumps it on every change to the three tables). */
  version: string;
  modules: Array<{ id: number; order_index: number }>;
  lessons: Array<{ id: number; lesson_key: string; module_id: number; order: number }>;
  quizzes: Array<{ id: number; kind: 'pre_assessment' | 'course' }>;
}

export const COURSE_CHANNEL = 'course_changed';

// One round trip, one snapshot: the version and the three lists it describes.
const STRUCTURE_SQL = `select
  (select version::text from course_version where id = 1) as version,
  coalesce((select json_agg(json_build_object('id', m.id, 'order_index', m.order_index) order by m.id)
    from modules m), '[]') as modules,
  coalesce((select json_agg(json_build_object('id', l.id, 'lesson_key', l.lesson_key, 'module_id', l.module_id,
    'order', l."order") order by l.id) from lessons l where l.is_active), '[]') as lessons,
  coalesce((select json_agg(json_build_object('id', q.id, 'kind', q.kind) order by q.id)
    from quizzes q), '[]') as quizzes`;

interface Cache {
  current: CourseStructure | undefined;
  loading: Promise<CourseStructure> | undefined;
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
 * The course structure from this instance's memory. `seenVersion` is course_version as a query of the
 * same request read it: when it differs, the copy is stale (a NOTIFY may not have arrived yet) and is
 * loaded again, so a learner never sees an older course than the database holds.
 */
export async function courseStructure(
  ctx: Pick<AppContext, 'database' | 'logger'>,
  seenVersion?: string | null,
): Promise<CourseStructure> {
  const cache = cacheOf(ctx);
  const fresh = (s: CourseStructure | undefined) =>
    s && (seenVersion === undefined || seenVersion === null || s.version === seenVersion);
  if (fresh(cache.current)) return cache.current!;
  if (cache.loading) {
    const loaded = await cache.loading;
    if (fresh(loaded)) return loaded;
  }
  const generation = cache.generation;
  const loading = ctx.database.query<CourseStructure>(STRUCTURE_SQL, []).then(([row]) => row!);
  cache.loading = loading;
  try {
    const loaded = await loading;
    if (cache.generation === generation) cache.current = loaded;
    return loaded;
  } finally {
    if (cache.loading === loading) cache.loading = undefined;
  }
}
