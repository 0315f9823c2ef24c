import { mkdtempSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { type Database, openDatabase } from '../db/index';
import {
  call,
  closeServer,
  completeCourse,
  DRIVERS,
  listen,
  signInAdmin,
  signUp,
  startServer,
  type TestServer,
  takeFinalQuiz,
} from '../test/harness';
import { type ScratchDatabase, scratchDatabase } from '../test/scratchDatabase';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup';

// `npm run db:backup` / `db:restore`: a database with learners, attempts, certificates
// and audit rows, backed up and restored into a new database, answers every learner's progress
// summary, quiz summaries and certificate code, and the admin's audit log, exactly as before.

interface Learner {
  token: string;
  userId: string;
}

describe.each(DRIVERS)('backup and restore (%s)', (driver) => {
  let server: TestServer;
  let learners: Learner[];
  let admin: { token: string };
  const work = mkdtempSync(path.join(os.tmpdir(), 'coursekit-backup-'));
  let restored: { app: App; database: Database; server: Server; api: string; scratch?: ScratchDatabase };

  /** What each learner and the admin are shown, read through the API of `target`. */
  async function snapshot(target: { api: string }) {
    const quizzes = (await call(target, 'GET', '/quizzes', { token: learners[0]!.token })).body as Array<{
      quiz: { id: number };
    }>;
    const perLearner = [];
    for (const { token } of learners) {
      perLearner.push({
        progress: (await call(target, 'GET', '/progress', { token })).body.summary,
        quizzes: (await call(target, 'GET', '/quizzes', { token })).body,
        attempts: await Promise.all(
          quizzes.map(
            async ({ quiz }) => (await call(target, 'GET', `/quizzes/${quiz.id}/attempts`, { token })).body,
          ),
        ),
        certificate: (await call(target, 'GET', '/certificate', { token })).body.certificate?.code ?? null,
      });
    }
    return {
      learners: perLearner,
      actions: (await call(target, 'GET', '/admin/audit/actions', { token: admin.token })).body,
      events: (await call(target, 'GET', '/admin/audit/security-events', { token: admin.token })).body,
    };
  }

  beforeAll(async () => {
    server = await startServer(driver);
    admin = await signInAdmin(server);
    learners = [
      await signUp(server, 'Greta Graduate'),
      await signUp(server, 'Tom Trying'),
      await signUp(server, 'Ida Idle'),
    ];
    await completeCourse(server, learners[0]!.token);
    await takeFinalQuiz(server, learners[1]!.token, false);
    const lessons = (await call(server, 'GET', '/modules/2/lessons', { token: learners[1]!.token })).body;
    await call(server, 'PUT', `/progress/lessons/${lessons[0].lesson_key}`, {
      token: learners[1]!.token,
      body: { completed: true },
    });
    // Audit rows: an admin action and a security event.
    await call(server, 'POST', `/admin/users/${learners[2]!.userId}/roles`, {
      token: admin.token,
      body: { role: 'moderator' },
    });
    await call(server, 'POST', '/auth/signin', {
      body: { email: 'greta@example.com', password: 'Not-Her-Pass-1' },
    });
  }, 120_000);

  afterAll(async () => {
    if (restored) {
      await restored.app.close();
      await closeServer(restored.server);
      await restored.database.close();
      await restored.scratch?.drop();
    }
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('restores into a new database every learner’s progress, quiz summaries and certificate, and the audit log', async () => {
    const before = await snapshot(server);
    expect(before.learners[0]!.certificate).toMatch(/^CK-/);
    expect(before.learners[1]!.attempts.flat().length).toBeGreaterThan(0);
    expect(before.actions.total ?? before.actions.items?.length).toBeGreaterThan(0);

    let database: Database;
    let scratch: ScratchDatabase | undefined;
    if (driver === 'postgres') {
      const file = path.join(work, 'coursekit.dump');
      await backupPostgres(server.databaseUrl!, file);
      expect(statSync(file).size).toBeGreaterThan(0);
      scratch = await scratchDatabase(process.env.DATABASE_URL!, 'ck_restore');
      await restorePostgres(scratch.url, file);
      await expect(
        restorePostgres(scratch.url, file),
        'never into a database that holds one',
      ).rejects.toThrow(/already holds/);
      database = await openDatabase({ url: scratch.url, max: 4 });
    } else {
      const file = path.join(work, 'coursekit.tar.gz');
      await backupPglite((server.database.db as unknown as { $client: PGlite }).$client, file);
      const dataDir = path.join(work, 'restored');
      await restorePglite(dataDir, file);
      await expect(restorePglite(dataDir, file), 'never into a DATA_DIR that holds one').rejects.toThrow(
        /already holds/,
      );
      database = await openDatabase({ dataDir });
    }
    // The restored database behind a fresh API with the same signing key: the learners' sessions hold.
    const app = createApp({
      db: database,
      mailer: server.mailbox,
      config: server.config,
      clock: server.clock,
      logger: pino({ level: 'silent' }),
    });
    const listening = await listen(app);
    restored = { app, database, server: listening.server, api: `${listening.url}/api`, scratch };

    expect(await snapshot(restored)).toEqual(before);
  });
});
