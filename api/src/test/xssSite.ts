import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '../app';
import { configFromEnv } from '../config';
import { seed } from '../content/seed';
import { directoryStorage } from '../content/storage';
import { openDatabase, schema } from '../db/index';
import { devMailbox } from '../mail/mailer';
import { XSS_LESSON_HTML, XSS_LINE, XSS_MARKER, XSS_PAYLOADS } from './xssPayloads';

// A site for the browser XSS suites: the real app (HOST_DIST, CORS_ORIGINS from the environment)
// on embedded PGlite, with the XSS corpus written into lesson content, quiz text, module texts,
// the system message, display names and e-mail addresses — straight into the database, past the
// API's own input checks, so what is tested is the rendering. Prints one JSON line with its URL
// and accounts; stops on SIGTERM. Run: node --conditions=source --import tsx api/src/test/xssSite.ts

const PASSWORD = 'Facility-42-Data';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-xss-'));
const config = {
  ...configFromEnv({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }),
  adminEmail: 'admin@xss.test',
  adminPassword: PASSWORD,
};
const logger = pino({ level: 'warn' });
const database = await openDatabase({});
await database.migrate();
const storage = directoryStorage(path.join(dataDir, 'storage'));
await seed({ db: database.db, storage, logger, config });
const { app, close } = createApp({
  db: database,
  mailer: devMailbox(path.join(dataDir, 'mailbox'), logger),
  config,
  logger,
  storage,
});
const server = createServer(app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const db = database.db;
async function signUp(email: string, name: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, name }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return (await res.json()).user.id;
}
const learner = 'learner@xss.test';
const learnerId = await signUp(learner, 'Eve Learner');
// Others whose hostile names and addresses an admin sees in the console.
const othersIds = [
  await signUp('other1@xss.test', 'Other One'),
  await signUp('other2@xss.test', 'Other Two'),
];
await db
  .update(schema.profiles)
  .set({ displayName: `Eve ${XSS_LINE}` })
  .where(eq(schema.profiles.userId, learnerId));
await db
  .update(schema.users)
  .set({ name: `Eve ${XSS_LINE}` })
  .where(eq(schema.users.id, learnerId));
for (const [i, id] of othersIds.entries()) {
  await db
    .update(schema.users)
    .set({ email: `${XSS_PAYLOADS[i + 1]}@evil${i}.test` })
    .where(eq(schema.users.id, id));
  await db.update(schema.profiles).set({ displayName: XSS_LINE }).where(eq(schema.profiles.userId, id));
}
const lessons = await db.select().from(schema.lessons).where(eq(schema.lessons.moduleId, 1));
for (const lesson of lessons) {
  await db
    .update(schema.lessons)
    .set({ content: XSS_LESSON_HTML + lesson.content, title: `${lesson.title} ${XSS_PAYLOADS[1]}` })
    .where(eq(schema.lessons.id, lesson.id));
}
await db
  .update(schema.modules)
  .set({ description: `${XSS_MARKER} ${XSS_PAYLOADS[1]} ${XSS_PAYLOADS[0]}` })
  .where(inArray(schema.modules.id, [1, 2]));
const questions = await db.select().from(schema.quizQuestions);
for (const q of questions) {
  const hostile = {
    questionText: `${XSS_MARKER} ${q.questionText} ${XSS_PAYLOADS.slice(0, 6).join(' ')}`,
    optionA: `${q.optionA} ${XSS_PAYLOADS[1]}`,
    optionB: `${q.optionB} ${XSS_PAYLOADS[3]}`,
    explanation: `${XSS_PAYLOADS[2]} ${q.explanation ?? ''}`,
  };
  await db.update(schema.quizQuestions).set(hostile).where(eq(schema.quizQuestions.id, q.id));
  // Attempts show the version of a question they were given (question banks): the same text there.
  await db
    .update(schema.quizQuestionVersions)
    .set({
      content: sql`${schema.quizQuestionVersions.content} || ${JSON.stringify({
        question_text: hostile.questionText,
        option_a: hostile.optionA,
        option_b: hostile.optionB,
        explanation: hostile.explanation,
      })}::jsonb`,
    })
    .where(
      and(
        eq(schema.quizQuestionVersions.questionId, q.id),
        eq(schema.quizQuestionVersions.version, q.version),
      ),
    );
}
await db.update(schema.quizzes).set({ description: `${XSS_MARKER} ${XSS_PAYLOADS[1]}` });
await db.update(schema.systemSettings).set({ systemMessage: XSS_LINE, systemMessageType: 'warning' });

process.stdout.write(
  `${JSON.stringify({ url, learner: { email: learner, password: PASSWORD }, admin: { email: config.adminEmail, password: PASSWORD } })}\n`,
);

process.once('SIGTERM', async () => {
  await close();
  server.closeAllConnections();
  server.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
