/**
 * A page opened on one build that asks for one of that build's lazy chunks after a deploy may find
 * it gone (a server that kept no older assets, an instance not yet updated): the import fails.
 * Reloading fetches the current build's index.html, whose chunks load. These helpers decide that
 * once, for the site and the embed alike, and never twice in a row: a chunk that fails again right
 * after the reload is a real fault, shown as one, not a reload loop.
 */

/** The part of `sessionStorage` the guard uses. */
export interface ReloadGuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface StaleChunkReloadOptions {
  /** Remembers the last reload across it (default: the page's sessionStorage). */
  storage?: ReloadGuardStorage | undefined;
  /** Reloads the page (default: `location.reload()`). */
  reload?: () => void;
  /** The clock, in ms (default: `Date.now`). */
  now?: () => number;
  /** A second failure within this many ms of the reload is not reloaded again (default 30 s). */
  withinMs?: number;
}

export const STALE_CHUNK_RELOAD_KEY = 'coursekit.stale-chunk-reload';

// What browsers say when a dynamic import or a module preload fails: Chromium, Firefox, Safari, and
// Vite's preload helper for CSS.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk [\w-]+ failed/i;

/** Whether an error is a lazy chunk that could not be loaded. */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_FAILURE.test(message);
}

// The storages of documents that already asked for a reload. A reload asked for can still be
// cancelled by the page itself (Chromium drops it when a router then updates the history), and the
// screen tries the chunk again: in that same document the answer stays "reload", not "give up".
// A reloaded page has a new sessionStorage object, so it starts with no entry here.
const reloadAskedIn = new WeakSet<ReloadGuardStorage>();

/**
 * Reloads the page for a failed chunk, unless it already did so within `withinMs`; answers whether
 * it reloads. What the learner did survives the reload: answers and completions are on the server,
 * the offline queue and the studio's unsaved text are in localStorage, and the URL stays.
 */
export function reloadOnStaleChunk(options: StaleChunkReloadOptions = {}): boolean {
  const storage = options.storage ?? (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
  const reload = options.reload ?? (() => location.reload());
  if (storage && reloadAskedIn.has(storage)) {
    reload();
    return true;
  }
  const now = (options.now ?? Date.now)();
  const withinMs = options.withinMs ?? 30_000;
  let last = Number.NaN;
  try {
    last = Number(storage?.getItem(STALE_CHUNK_RELOAD_KEY));
  } catch {
    // storage blocked (a sandboxed frame): no guard can be kept, so no reload is tried
    return false;
  }
  if (!storage || (Number.isFinite(last) && now - last < withinMs)) return false;
  try {
    storage.setItem(STALE_CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  reloadAskedIn.add(storage);
  reload();
  return true;
}
