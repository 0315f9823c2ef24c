import { describe, expect, it } from 'vitest';
import { serialPasses } from './serialPasses';

/** A pass that waits until the test lets it end, and counts how many started. */
function gatedPass() {
  const gates: Array<() => void> = [];
  let started = 0;
  const pass = () =>
    new Promise<void>((resolve) => {
      started += 1;
      gates.push(resolve);
    });
  return { pass, started: () => started, finish: () => gates.shift()?.() };
}

describe('serialPasses', () => {
  it('runs one pass at a time; flushes during a pass share one more pass after it', async () => {
    const gated = gatedPass();
    const passes = serialPasses(gated.pass, () => {});
    const first = passes.flush();
    const second = passes.flush();
    const third = passes.flush();
    expect(gated.started()).toBe(1);
    expect(second).toBe(third);
    let secondDone = false;
    void second.then(() => {
      secondDone = true;
    });
    gated.finish();
    await first;
    await Promise.resolve();
    expect(gated.started()).toBe(2);
    expect(secondDone).toBe(false);
    gated.finish();
    await second;
    expect(gated.started()).toBe(2);
  });

  it('hands a failed pass to onError and resolves; the next flush runs again', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const passes = serialPasses(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
      },
      (err) => errors.push(err),
    );
    await expect(passes.flush()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    await passes.flush();
    expect(calls).toBe(2);
  });

  it('starts no queued pass once closed', async () => {
    const gated = gatedPass();
    const passes = serialPasses(gated.pass, () => {});
    const first = passes.flush();
    const queued = passes.flush();
    passes.close();
    expect(passes.closed).toBe(true);
    gated.finish();
    await first;
    await queued;
    expect(gated.started()).toBe(1);
  });
});
