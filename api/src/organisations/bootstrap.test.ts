import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { seed } from '../content/seed';
import { directoryStorage } from '../content/storage';
import { MIGRATIONS_FOLDER, openDatabase, schema } from '../db/index';
import { devMailbox } from '../mail/mailer';
import { partnerLearner } from '../partner/partnerLearner';
import { call, closeServer, DRIVERS, listen, testClock, testConfig } from '../test/harness';
import { scratchDatabase } from '../test/scratchDatabase';

// A deployment of one partner, configured by PARTNER_* and CORS_ORIGINS, whose partner has signed
// people in already, is migrated in place: its next start makes an organisation from the variables,
// links those people, and the partner's tokens and pages keep working.

/** The last migration before organisations. */
const OLD_LAST_MIGRATION = 13;
const ISSUER = 'https://intranet.partner.test';
const SECRET = 'a-partner-shared-secret-of-32-bytes!';
const ORIGIN = 'https://intranet.partner.test';

/** api/drizzle up to migration `last`: its .sql files, meta/ and a journal cut after `last`. */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-migrations-'));
  cpSync(path.join(MIGRATIONS_FOLDER, 'meta'), path.join(dir, 'meta'), { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  for (const e of journal.entries)
    copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

const partnerToken = (sub: string, email: string) =>
  new SignJWT({ sub, email })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience('coursekit')
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(SECRET));

describe.each(DRIVERS)('a PARTNER_* deployment migrated in place (%s)', (driver) => {
  it('gets an organisation from its variables, with its people, and nothing breaks', async () => {
    const oldMigrations = migrationsUpTo(OLD_LAST_MIGRATION);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-boot-'));
    const scratch =
      driver === 'postgres' ? await scratchDatabase(process.env.DATABASE_URL!, 'ck_boot') : undefined;
    const database = await openDatabase(scratch ? { url: scratch.url, max: 4 } : {});
    const logger = pino({ level: process.env.API_TEST_LOG ?? 'silent' });
    const config = {
      ...testConfig(dataDir),
      corsOrigins: [ORIGIN],
      partner: { issuer: ISSUER, audience: 'coursekit', sharedSecret: SECRET },
    };
    let stop: (() => Promise<void>) | undefined;
    try {
      // The old schema, and a learner the old API's partner sign-in made (the same function).
      await database.migrate(oldMigrations);
      const clock = testClock();
      const ana = await partnerLearner({ db: database.db, clock } as never, ISSUER, {
        subject: 'emp-4411',
        email: 'ana.silva@partner.test',
        name: 'Ana Silva',
      });

      // The new code starts: migrations, then the seed, as main.ts runs them.
      await database.migrate();
      const storage = directoryStorage(path.join(dataDir, 'storage'));
      const seeded = await seed({ db: database.db, storage, logger, config });
      expect(seeded.organisation).toBe('intranet-partner-test');
      const app = createApp({
        db: database,
        mailer: devMailbox(path.join(dataDir, 'mailbox'), logger),
        config,
        clock,
        logger,
        storage,
      });
      const { server, url } = await listen(app);
      stop = async () => {
        await app.close();
        await closeServer(server);
      };
      const api = { api: `${url}/api` };

      const [org] = await database.db.select().from(schema.organisations);
      expect(org).toMatchObject({ slug: 'intranet-partner-test', status: 'active', origins: [ORIGIN] });
      const [issuer] = await database.db.select().from(schema.organisationIssuers);
      expect(issuer).toMatchObject({ issuer: ISSUER, audience: 'coursekit', jwksUrl: null });
      expect(issuer!.secretCiphertext).not.toContain(SECRET);
      const members = await database.db
        .select()
        .from(schema.organisationMembers)
        .where(eq(schema.organisationMembers.organisationId, org!.id));
      expect(members.map((m) => [m.userId, m.role])).toEqual([[ana, 'learner']]);

      // The partner's token opens the same learner; a new employee joins the organisation.
      const profile = await call(api, 'GET', '/profile', {
        token: await partnerToken('emp-4411', 'ana.silva@partner.test'),
      });
      expect(profile.status).toBe(200);
      const [link] = await database.db
        .select()
        .from(schema.externalIdentities)
        .where(eq(schema.externalIdentities.subject, 'emp-4411'));
      expect(link!.userId).toBe(ana);
      expect(
        (await call(api, 'GET', '/progress', { token: await partnerToken('emp-9', 'bo@partner.test') }))
          .status,
      ).toBe(200);
      expect(await database.db.select().from(schema.organisationMembers)).toHaveLength(2);

      // The partner's pages still call the API.
      const preflight = await fetch(`${url}/api/progress`, {
        method: 'OPTIONS',
        headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);

      // A second start reads the variables no more: nothing is made twice.
      expect((await seed({ db: database.db, storage, logger, config })).organisation).toBeUndefined();
      expect(await database.db.select().from(schema.organisations)).toHaveLength(1);
    } finally {
      await stop?.();
      await database.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(oldMigrations, { recursive: true, force: true });
    }
    // Two migrations and a seed of every course on a fresh database take their time.
  }, 180_000);
});
