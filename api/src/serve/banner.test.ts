import { COMMON_PASSWORD_PATTERNS, messages } from '@coursekit/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../content/seed';
import { type Database, openDatabase } from '../db/index';
import { testConfig } from '../test/harness';
import { startBanner } from './banner';

// An ADMIN_PASSWORD the policy refuses must not look like a working admin.

describe('the start banner and the bootstrap admin', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
  });
  afterAll(() => database?.close());

  const logger = pino({ level: 'silent' });
  const config = (adminPassword: string | undefined) => ({
    ...testConfig('/tmp/coursekit-banner'),
    adminEmail: 'boss@coursekit.test',
    adminPassword,
  });
  const banner = (admin: Awaited<ReturnType<typeof ensureAdmin>>) =>
    startBanner({ config: config(undefined), mail: 'dev mailbox', courses: [], admin, workers: 1 });

  it('says plainly that the admin was not created, and why, in the policy’s own words', async () => {
    const refused = await ensureAdmin({ db: database.db, logger, config: config('Admin-Strong-2026') });
    expect(refused).toEqual({ kind: 'refused', variable: 'ADMIN_PASSWORD', reason: messages.passwordCommon });
    const text = banner(refused);
    expect(text).toContain(`NOT CREATED: ADMIN_PASSWORD was refused — ${messages.passwordCommon}`);
    expect(text).toContain(messages.passwordClasses);
    for (const pattern of COMMON_PASSWORD_PATTERNS) expect(text).toContain(pattern);
    expect(text).not.toContain('make an admin');

    const short = await ensureAdmin({ db: database.db, logger, config: config('Ab1!') });
    expect(short).toMatchObject({ reason: messages.passwordTooShort });
    const badEmail = await ensureAdmin({
      db: database.db,
      logger,
      config: { ...config('Facility-42-Data'), adminEmail: 'not an address' },
    });
    expect(badEmail).toMatchObject({ kind: 'refused', variable: 'ADMIN_EMAIL' });
    expect(banner(badEmail)).toContain('NOT CREATED: ADMIN_EMAIL was refused');
  });

  it('tells how to make an admin when none is asked for, then names the one created, then leaves it be', async () => {
    const unset = await ensureAdmin({ db: database.db, logger, config: config(undefined) });
    expect(unset).toEqual({ kind: 'unset', adminExists: false });
    expect(banner(unset)).toContain('make an admin     restart with ADMIN_EMAIL=');
    expect(banner(unset)).toContain(messages.passwordClasses);

    const created = await ensureAdmin({ db: database.db, logger, config: config('Facility-42-Data') });
    expect(created).toEqual({ kind: 'created', email: 'boss@coursekit.test' });
    expect(banner(created)).toContain('admin             created boss@coursekit.test');

    expect(await ensureAdmin({ db: database.db, logger, config: config('Facility-42-Data') })).toEqual({
      kind: 'exists',
    });
    const quiet = await ensureAdmin({ db: database.db, logger, config: config(undefined) });
    expect(banner(quiet)).not.toContain('make an admin');
  });
});
