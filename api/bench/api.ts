// `npm run bench:api`: the API on real PostgreSQL with 1,000 learners and their progress, loaded from
// a second process (autocannon) on loopback for a bounded time. Prints requests/s, p50/p99 latency
// and SQL statements per request. Not part of `npm test`.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pino from 'pino';
import { createApp } from '../src/app';
import { hashPassword } from '../src/auth/passwords';
import { signAccessToken } from '../src/auth/tokens';
import { seed } from '../src/content/seed';
import { directoryStorage } from '../src/content/storage';
import { openDatabase, schema } from '../src/db/index';
import { devMailbox } from '../src/mail/mailer';
import { closeServer, listen, testConfig } from '../src/test/harness';
import { scratchDatabase } from '../src/test/scratchDatabase';

const out = (line: string) => process.stdout.write(`${line}\n`);
const LEARNERS = 1000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const scratch = await scratchDatabase(adminUrl, 'ck_bench');
const name = scratch.name;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-bench-'));
const database = await openDatabase({ url: scratch.url, max: 10 });
try {
  await database.migrate();
  const logger = pino({ level: 'silent' });
  const config = { ...testConfig(dataDir), accessTokenTtl: 3600 };
  const storage = directoryStorage(path.join(dataDir, 'storage'));
  await seed({ db: database.db, storage, logger, config });
  const app = createApp({
    db: database,
    mailer: devMailbox(path.join(dataDir, 'mailbox'), logger),
    config,
    logger,
    storage,
  });
  const { server, url: base } = await listen(app);

  // 1,000 learners, each with a session and about half the lessons complete (one shared hash: seeding speed).
  const db = database.db;
  const lessons = await db.select().from(schema.lessons);
  const modules = await db.select().from(schema.modules);
  const passwordHash = await hashPassword('Facility-42-Data');
  const tokens: string[] = [];
  const now = new Date();
  for (let batch = 0; batch < LEARNERS; batch += 100) {
    const users = Array.from({ length: 100 }, (_, i) => ({
      id: randomUUID(),
      email: `bench.${batch + i}@example.com`,
      passwordHash,
      name: `Learner ${batch + i}`,
      createdAt: now,
      updatedAt: now,
    }));
    await db.insert(schema.users).values(users);
    await db.insert(schema.userRoles).values(users.map((u) => ({ userId: u.id, role: 'user' as const })));
    const sessions = users.map((u) => ({ id: randomUUID(), userId: u.id, type: 'normal' as const }));
    await db.insert(schema.sessions).values(sessions);
    await db.insert(schema.userProgress).values(
      users.flatMap((u) =>
        lessons
          .filter(() => Math.random() < 0.5)
          .map((l) => ({
            userId: u.id,
            courseId: l.courseId,
            lessonId: l.id,
            lessonKey: l.lessonKey,
            moduleId: l.moduleId,
            completed: true,
            lessonOrder: l.order,
          })),
      ),
    );
    for (const s of sessions) {
      tokens.push(
        (await signAccessToken(app.ctx, { userId: s.userId, sessionId: s.id, type: 'normal' })).token,
      );
    }
  }
  const tokensFile = path.join(dataDir, 'tokens.json');
  const keysFile = path.join(dataDir, 'keys.json');
  writeFileSync(tokensFile, JSON.stringify(tokens));
  writeFileSync(keysFile, JSON.stringify(lessons.map((l) => l.lessonKey)));

  const loader = fileURLToPath(new URL('./load.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
  // The server runs in this process, so the load generator must not block it: an async child.
  const run = async (label: string, method: string, template: string) => {
    const before = database.statements();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [tsx, loader, base, method, template, tokensFile, keysFile, String(DURATION), String(CONNECTIONS)],
      { encoding: 'utf8', maxBuffer: 1 << 24 },
    );
    const r = JSON.parse(stdout) as {
      requests: number;
      rps: number;
      p50: number;
      p99: number;
      non2xx: number;
      errors: number;
    };
    const perRequest = (database.statements() - before) / Math.max(r.requests, 1);
    out(
      `${label.padEnd(28)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   ` +
        `${perRequest.toFixed(2)} SQL statements/request   (${r.requests} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`,
    );
  };
  out(
    `\nCourseKit API bench: PostgreSQL ${name}, ${LEARNERS} learners, ${modules.length} modules, ${lessons.length} lessons; ` +
      `${CONNECTIONS} connections for ${DURATION} s each, autocannon in a second process on loopback\n`,
  );
  await run('GET /api/progress', 'GET', '/progress');
  await run('PUT /api/progress/lessons/:key', 'PUT', '/progress/lessons/:lessonKey');
  out(
    '\nStatements per request are fixed by the code: progress read = 1 session check + 1 statement (the learner’s records,\n' +
      'completed attempts and the course version, prepared); completion = 1 session check + 1 statement (lesson lookup,\n' +
      'upsert and the same read back). The course structure (modules, active lessons, quizzes) is kept in memory per\n' +
      'instance (course/structure.ts). None of them grows with the number of lessons or modules.',
  );
  await app.close();
  await closeServer(server);
} finally {
  await database.close();
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
