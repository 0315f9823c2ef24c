import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';

const env = (extra: Record<string, string>) => ({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'coursekit-config-')),
  ...extra,
});

describe('configuration from the environment', () => {
  it('reads REMINDER_POLL_MS as milliseconds, 0 as never, and unset as the default', () => {
    expect(configFromEnv(env({ REMINDER_POLL_MS: '60000' })).reminderPollMs).toBe(60_000);
    expect(configFromEnv(env({ REMINDER_POLL_MS: '0' })).reminderPollMs).toBe(0);
    expect(configFromEnv(env({})).reminderPollMs).toBeUndefined();
  });

  it('stops the start on a REMINDER_POLL_MS that is not a whole number of milliseconds, saying so', () => {
    for (const bad of ['5m', '-1', '1.5']) {
      expect(() => configFromEnv(env({ REMINDER_POLL_MS: bad }))).toThrow(
        `REMINDER_POLL_MS: "${bad}" is not a number of milliseconds (like 300000)`,
      );
    }
  });
});
