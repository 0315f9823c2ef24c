import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { type App, type AppOptions, createApp } from '../app';
import type { Config } from '../config';
import { seed } from '../content/seed';
import { directoryStorage } from '../content/storage';
import type { Clock } from '../context';
import { type Database, latestMigration, openDatabase, schema } from '../db/index';
import { type DevMailbox, devMailbox } from '../mail/mailer';
import { SNAPSHOT_VARIABLE, TEMPLATE_VARIABLE } from './globalSetup';
import { scratchDatabase } from './scratchDatabase';

/** PGlite always; real PostgreSQL too when DATABASE_URL is set (CI). The same suite runs on each. */
export const DRIVERS: Array<'pglite' | 'postgres'> = [
  'pglite',
  ...(process.env.DATABASE_URL ? (['postgres'] as const) : []),
];

export interface TestClock extends Clock {
  advance(ms: number): void;
}
export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}

/**
 * A fresh database: in-memory PGlite, or a new PostgreSQL database dropped on close. `seeded`: a copy
 * of the run's migrated and seeded database when the API project's global setup made one (a PGlite
 * dump, a PostgreSQL template); without it (a bench, a single file run by hand), an empty one.
 */
async function freshDatabase(
  driver: 'pglite' | 'postgres',
  seeded: boolean,
): Promise<{ database: Database; copied: boolean; url?: string; drop(): Promise<void> }> {
  if (driver === 'pglite') {
    const snapshot = seeded ? process.env[SNAPSHOT_VARIABLE] : undefined;
    const pglite = snapshot ? new PGlite({ loadDataDir: new Blob([readFileSync(snapshot)]) }) : undefined;
    const database = await openDatabase({ pglite });
    return { database, copied: Boolean(snapshot), drop: () => database.close() };
  }
  const template = seeded ? process.env[TEMPLATE_VARIABLE] : undefined;
  const scratch = await scratchDatabase(process.env.DATABASE_URL!, 'ck_test', template);
  const database = await openDatabase({ url: scratch.url, max: 8 });
  return {
    database,
    copied: Boolean(template),
    url: scratch.url,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

export interface TestServer {
  url: string;
  api: string;
  app: App;
  database: Database;
  mailbox: DevMailbox;
  clock: TestClock;
  config: Config;
  /** The test database's URL on PostgreSQL; undefined on PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

export function testConfig(dataDir: string, port = 0): Config {
  return {
    port,
    dataDir,
    publicUrl: 'http://app.test',
    databaseUrl: undefined,
    smtpUrl: undefined,
    adminEmail: 'admin@coursekit.test',
    adminPassword: 'Boot-Strap-2026',
    jwtSecret: randomBytes(32).toString('hex'),
    supportEmail: 'support@coursekit.test',
    production: false,
    hostDist: undefined,
    accessTokenTtl: 15 * 60,
    refreshTokenTtl: 30 * 24 * 3600,
    recoveryTtl: 3600,
    verificationTtl: 24 * 3600,
    bodyLimit: '100kb',
    corsOrigins: ['https://intranet.partner.test'],
    partner: undefined,
    orgSecretsKey: randomBytes(32),
  };
}

export async function listen(app: App): Promise<{ server: Server; url: string }> {
  const server = createServer(app.app);
  // A test's fetch reuses its connection after a slow step (a migration, a seed) on a busy machine;
  // Node's 5 s default would close it meanwhile and the next call would meet a reset socket.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The id of the course the unscoped routes show (for tests that write rows directly). */
export async function defaultCourseId(db: Database['db']): Promise<number> {
  const [row] = await db
    .select({ id: schema.courses.id })
    .from(schema.courses)
    .where(eq(schema.courses.isDefault, true));
  if (!row) throw new Error('no default course: seed the database first');
  return row.id;
}

/**
 * True when the database has api/drizzle's newest migration: drizzle's migrator applies only the
 * migrations newer than the newest it recorded, so migrating it again would apply nothing.
 */
async function migrated(database: Database): Promise<boolean> {
  const [row] = await database.query<{ newest: string | null }>(
    'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
    [],
  );
  return Number(row?.newest ?? 0) >= latestMigration();
}

/**
 * Migrates a fresh database, loads every course from api/content, and listens on a free port. The run's
 * seeded copy stands for the first two unless the bootstrap admin's settings are overridden (seeding
 * creates that admin); it is migrated only if it lacks the newest migration, and seeding it again only
 * copies the images and makes what this server's config adds (the settings' words, an organisation).
 */
export async function startServer(
  driver: 'pglite' | 'postgres',
  options: Pick<AppOptions, 'contentDir' | 'imageValidation'> & { config?: Partial<Config> } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-api-'));
  const seeded = !('adminEmail' in (options.config ?? {})) && !('adminPassword' in (options.config ?? {}));
  const { database, copied, drop, url: databaseUrl } = await freshDatabase(driver, seeded);
  if (!copied || !(await migrated(database))) await database.migrate();
  const { config: overrides, ...appOptions } = options;
  const config = { ...testConfig(dataDir), ...overrides };
  const logger = pino({ level: process.env.API_TEST_LOG ?? 'silent' });
  const storage = directoryStorage(path.join(dataDir, 'storage'));
  await seed({ db: database.db, storage, logger, config });
  const mailbox = devMailbox(path.join(dataDir, 'mailbox'), logger);
  const clock = testClock();
  const app = createApp({ db: database, mailer: mailbox, config, clock, logger, storage, ...appOptions });
  const { server, url } = await listen(app);
  return {
    url,
    api: `${url}/api`,
    app,
    database,
    mailbox,
    clock,
    config,
    databaseUrl,
    async close() {
      await app.close();
      await closeServer(server);
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers as ad-hoc JSON
export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** One call over real HTTP. `body` is sent as JSON unless `raw` is given. */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers as ad-hoc JSON
export async function call<T = any>(
  server: Pick<TestServer, 'api'>,
  method: string,
  path: string,
  options: {
    token?: string | undefined;
    body?: unknown;
    raw?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.raw !== undefined) {
    body = options.raw;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${server.api}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export const PASSWORD = 'Facility-42-Data';
let n = 0;
export function email(prefix = 'learner'): string {
  n += 1;
  return `${prefix}.${Date.now().toString(36)}${n}@example.com`;
}

/** Signs up a learner; answers the session's tokens and user. */
export async function signUp(server: TestServer, name = 'Ana Silva', address = email()) {
  const res = await call(server, 'POST', '/auth/signup', {
    body: { email: address, password: PASSWORD, name },
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    email: address,
    token: res.body.session.access_token as string,
    refresh: res.body.session.refresh_token as string,
    userId: res.body.user.id as string,
  };
}

/** Signs in the bootstrap admin (ADMIN_EMAIL/ADMIN_PASSWORD of the test config, created by seed). */
export async function signInAdmin(server: TestServer): Promise<{ token: string; userId: string }> {
  const res = await call(server, 'POST', '/auth/signin', {
    body: { email: server.config.adminEmail, password: server.config.adminPassword },
  });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.access_token as string, userId: res.body.user.id as string };
}

/** Gives a user one more role straight in the database (a moderator for the access tests). */
export async function grantRole(server: TestServer, userId: string, role: 'admin' | 'moderator' | 'user') {
  await server.database.db.insert(schema.userRoles).values({ userId, role }).onConflictDoNothing();
}

/** Answers the final (course) quiz: every question right, or every one wrong. */
export async function takeFinalQuiz(
  server: TestServer,
  token: string,
  pass = true,
  course?: string,
): Promise<void> {
  const db = server.database.db;
  const courseId = await courseIdOf(db, course);
  const [quiz] = (await db.select().from(schema.quizzes)).filter(
    (q) => q.kind === 'course' && q.courseId === courseId,
  );
  const questions = (await db.select().from(schema.quizQuestions)).filter((q) => q.quizId === quiz!.id);
  const scope = course ? `/courses/${course}` : '';
  const attempt = (await call(server, 'POST', `${scope}/quizzes/${quiz!.id}/attempts`, { token })).body;
  for (const q of questions) {
    const answer = pass ? q.correctAnswer : q.correctAnswer === 'A' ? 'B' : 'A';
    await call(server, 'POST', `/attempts/${attempt.id}/answers`, {
      token,
      body: { question_id: q.id, answer },
    });
  }
  await call(server, 'POST', `/attempts/${attempt.id}/complete`, { token, body: {} });
}

/** Every lesson complete and the final quiz passed: the learner has earned the certificate. */
export async function completeCourse(server: TestServer, token: string, course?: string): Promise<void> {
  const courseId = await courseIdOf(server.database.db, course);
  const scope = course ? `/courses/${course}` : '';
  const lessons = await server.database.db
    .select()
    .from(schema.lessons)
    .where(and(eq(schema.lessons.courseId, courseId), eq(schema.lessons.isActive, true)));
  for (const l of lessons) {
    await call(server, 'PUT', `${scope}/progress/lessons/${l.lessonKey}`, {
      token,
      body: { completed: true },
    });
  }
  await takeFinalQuiz(server, token, true, course);
}

/** A course's id by slug, or the default course's. */
export async function courseIdOf(db: Database['db'], slug?: string): Promise<number> {
  if (slug === undefined) return defaultCourseId(db);
  const [row] = await db
    .select({ id: schema.courses.id })
    .from(schema.courses)
    .where(eq(schema.courses.slug, slug));
  if (!row) throw new Error(`no course ${slug}`);
  return row.id;
}

/** An error as the API answers it: with the request's id, which its `X-Request-Id` header also carries. */
export const errorOf = (
  res: Answer,
  error: { code: string; message: string; fields?: Record<string, string> },
) => ({
  ...error,
  requestId: res.headers.get('x-request-id'),
});

/** A body without its error's request id, which differs from one request to the next (comparing two answers). */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers as ad-hoc JSON
export function withoutRequestId(body: any): any {
  if (!body?.error?.requestId) return body;
  const { requestId: _id, ...error } = body.error;
  return { ...body, error };
}
