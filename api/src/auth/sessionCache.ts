import type { AppContext } from '../context';
import type { Database } from '../db/index';

/** What a request needs to know of its session row. */
export interface SessionRow {
  userId: string;
  type: 'normal' | 'recovery';
  createdAt: Date;
}

/** learner §9: a session validation may be cached for 5 seconds. */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 50_000;
/** The channel a trigger on `sessions` NOTIFYs with the session id when one is revoked or deleted. */
const SESSION_CHANNEL = 'session_revoked';
/** How long a revoking call waits to hear its own NOTIFY before answering anyway. */
const ECHO_WAIT_MS = 1_000;

interface Cache {
  entries: Map<string, { row: SessionRow; at: number }>;
  /** Session ids heard revoked lately (for revokers that start waiting after the NOTIFY came). */
  heard: Map<string, number>;
  waiters: Map<string, Set<() => void>>;
  /** Bumped on every NOTIFY and re-LISTEN: a read that raced one is not kept. */
  generation: number;
  /** True while the LISTEN holds; nothing is cached otherwise. */
  listening: boolean;
  starting: Promise<void> | undefined;
}

// Per database connection (= per instance), as the course structure is (course/structure.ts).
const caches = new WeakMap<Database, Cache>();

function cacheOf(ctx: Pick<AppContext, 'database' | 'logger'>): Cache {
  let cache = caches.get(ctx.database);
  if (!cache) {
    cache = {
      entries: new Map(),
      heard: new Map(),
      waiters: new Map(),
      generation: 0,
      listening: false,
      starting: undefined,
    };
    caches.set(ctx.database, cache);
  }
  const c = cache;
  if (!c.starting) {
    const revoked = (sessionId: string) => {
      c.generation += 1;
      c.entries.delete(sessionId);
      const now = Date.now();
      c.heard.set(sessionId, now);
      for (const [id, at] of c.heard) {
        if (now - at < ECHO_WAIT_MS * 5) break;
        c.heard.delete(id);
      }
      for (const wake of c.waiters.get(sessionId) ?? []) wake();
      c.waiters.delete(sessionId);
    };
    // A re-established LISTEN missed what was sent meanwhile: forget everything.
    const relistened = () => {
      c.generation += 1;
      c.entries.clear();
      c.listening = true;
    };
    const lost = () => {
      c.listening = false;
      c.entries.clear();
    };
    c.starting = ctx.database.listen(SESSION_CHANNEL, revoked, relistened, lost).then(
      () => undefined,
      (err) => {
        ctx.logger.warn({ err }, 'could not LISTEN for session revocations; not caching sessions');
        c.starting = undefined;
      },
    );
  }
  return c;
}

/**
 * The session row behind a request, from this instance's memory for at most SESSION_CACHE_MS. Every
 * revocation (sign-out, password change, refresh-token reuse, a deleted account: anything that sets
 * revoked_at or deletes the row) is NOTIFYed by a trigger and drops the entry on every instance at
 * once; nothing is cached while this instance is not listening. `load` reads the row (undefined when
 * it is missing or revoked); refusals are never cached.
 */
export async function cachedSession(
  ctx: Pick<AppContext, 'database' | 'logger' | 'clock'>,
  sessionId: string,
  load: () => Promise<SessionRow | undefined>,
): Promise<SessionRow | undefined> {
  const cache = cacheOf(ctx);
  const now = ctx.clock.now();
  const hit = cache.entries.get(sessionId);
  if (hit && now - hit.at < SESSION_CACHE_MS && now >= hit.at) return hit.row;
  if (hit) cache.entries.delete(sessionId);
  const generation = cache.generation;
  const row = await load();
  if (row && cache.listening && cache.generation === generation) {
    if (cache.entries.size >= SESSION_CACHE_MAX) cache.entries.delete(cache.entries.keys().next().value!);
    cache.entries.set(sessionId, { row, at: now });
  }
  return row;
}

/**
 * Resolves once this instance has heard the NOTIFY of each revoked session (or after a second): the
 * revoking call answers only when PostgreSQL has sent the revocation to every listening instance, so
 * a learner signed out here is refused on the next call wherever the load balancer sends it.
 */
export async function revocationsHeard(
  ctx: Pick<AppContext, 'database' | 'logger'>,
  sessionIds: string[],
): Promise<void> {
  const cache = cacheOf(ctx);
  if (!cache.listening || sessionIds.length === 0) return;
  const pending = sessionIds.filter((id) => !cache.heard.has(id));
  if (pending.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const wakes: Array<[string, () => void]> = [];
  await Promise.race([
    Promise.all(
      pending.map(
        (id) =>
          new Promise<void>((resolve) => {
            const set = cache.waiters.get(id) ?? new Set();
            set.add(resolve);
            cache.waiters.set(id, set);
            wakes.push([id, resolve]);
          }),
      ),
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ECHO_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  for (const [id, wake] of wakes) {
    const set = cache.waiters.get(id);
    set?.delete(wake);
    if (set?.size === 0) cache.waiters.delete(id);
  }
}

/** Starts listening early (at app start), so the first requests can already be cached. */
export function listenForRevocations(ctx: Pick<AppContext, 'database' | 'logger'>): void {
  cacheOf(ctx);
}
