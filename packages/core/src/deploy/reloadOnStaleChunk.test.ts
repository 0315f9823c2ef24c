import { describe, expect, it } from 'vitest';
import { isStaleChunkError, reloadOnStaleChunk, STALE_CHUNK_RELOAD_KEY } from './reloadOnStaleChunk';

/** A tab's sessionStorage; a reloaded page gets a new object holding the same items. */
const memory = (items = new Map<string, string>()) => ({
  items,
  getItem: (k: string) => items.get(k) ?? null,
  setItem: (k: string, v: string) => items.set(k, v),
});
const reloaded = (storage: ReturnType<typeof memory>) => memory(new Map(storage.items));

describe('a lazy chunk that fails after a deploy', () => {
  it('is told apart from other errors, in each browser’s words', () => {
    expect(
      isStaleChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/A-1a2b3c4d.js')),
    ).toBe(true);
    expect(isStaleChunkError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError(new Error('Unable to preload CSS for /assets/A-1a2b3c4d.css'))).toBe(true);
    expect(isStaleChunkError(new Error('Network error'))).toBe(false);
    expect(isStaleChunkError(undefined)).toBe(false);
  });

  it('reloads the page once, and not again when the chunk fails right after that reload', () => {
    let storage = memory();
    let reloads = 0;
    let clock = 1_000_000;
    const options = () => ({ storage, reload: () => reloads++, now: () => clock });
    expect(reloadOnStaleChunk(options())).toBe(true);
    expect(storage.getItem(STALE_CHUNK_RELOAD_KEY)).toBe('1000000');
    storage = reloaded(storage);
    clock += 2_000;
    expect(reloadOnStaleChunk(options())).toBe(false);
    expect(reloads).toBe(1);
    // A later deploy, long after: the page may reload again.
    clock += 60_000;
    expect(reloadOnStaleChunk(options())).toBe(true);
    expect(reloads).toBe(2);
  });

  it('asks again in the same page when its reload was cancelled and the chunk fails again', () => {
    const storage = memory();
    let reloads = 0;
    let clock = 1_000_000;
    const options = { storage, reload: () => reloads++, now: () => clock };
    expect(reloadOnStaleChunk(options)).toBe(true);
    clock += 100; // the router updated the history, which dropped the reload, and tried the chunk again
    expect(reloadOnStaleChunk(options)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('does not reload where no guard can be kept (storage blocked)', () => {
    let reloads = 0;
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    expect(reloadOnStaleChunk({ storage: blocked, reload: () => reloads++ })).toBe(false);
    expect(reloads).toBe(0);
  });
});
