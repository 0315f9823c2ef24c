import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type QuizQuestion, seededRandom } from '@coursekit/core';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { applyCourse } from '../content/applyCourse';
import { readCourse } from '../content/loader';
import { type Database, openDatabase, schema } from '../db/index';
import { devMailbox } from '../mail/mailer';
import { BANK_SLUG, writeBankCourse } from '../test/bankCourse';
import {
  call,
  closeServer,
  courseIdOf,
  DRIVERS,
  listen,
  signUp,
  startServer,
  type TestServer,
} from '../test/harness';
import { heldVersion } from './bankCache';

// Each instance keeps a quiz's bank and its questions' versions in memory; an edit or a publish is
// seen by the next attempt started on any instance, and the course's NOTIFY frees the old copy.

const SCOPE = `/courses/${BANK_SLUG}`;

describe.each(DRIVERS)('the cached question banks (%s)', (driver) => {
  let server: TestServer;
  let dir: string;
  let courseId: number;
  let finalQuiz: number;
  /** A second instance on the same database (PGlite: the same in-process database, so one cache). */
  let other: { api: string; database: Database; close(): Promise<void> };

  async function load(options: Parameters<typeof writeBankCourse>[1]) {
    rmSync(dir, { recursive: true, force: true });
    writeBankCourse(dir, { draw: 6, shuffleOptions: false, ...options });
    await applyCourse(server.database.db, await readCourse(dir));
  }

  beforeAll(async () => {
    server = await startServer(driver);
    server.app.ctx.random = seededRandom(26);
    dir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-bank-cache-'));
    await load({});
    courseId = await courseIdOf(server.database.db, BANK_SLUG);
    const [quiz] = await server.database.db
      .select()
      .from(schema.quizzes)
      .where(and(eq(schema.quizzes.courseId, courseId), eq(schema.quizzes.kind, 'course')));
    finalQuiz = quiz!.id;
    const database = server.databaseUrl
      ? await openDatabase({ url: server.databaseUrl, max: 2 })
      : server.database;
    const app = createApp({
      db: database,
      mailer: devMailbox(path.join(server.config.dataDir, 'mailbox-b'), pino({ level: 'silent' })),
      config: server.config,
    });
    const listening = await listen(app);
    other = {
      api: `${listening.url}/api`,
      database,
      async close() {
        await app.close();
        await closeServer(listening.server);
        if (database !== server.database) await database.close();
      },
    };
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const texts = async (api: { api: string }, token: string) => {
    const res = await call(api, 'POST', `${SCOPE}/quizzes/${finalQuiz}/attempts`, { token });
    expect(res.status).toBe(201);
    return {
      id: res.body.id as number,
      texts: (res.body.questions as QuizQuestion[]).map((q) => q.question_text),
    };
  };

  it('shows an edited bank question in the next attempt on every instance, and frees the old copy', async () => {
    const { token } = await signUp(server);
    const before = await texts(server, token);
    await texts(other, token);
    expect(before.texts).toContain('Bank question 1');
    const held = heldVersion(other.database, courseId);
    expect(held).toBeDefined();

    await load({ edit: { 0: { question_text: 'Bank question 1, rewritten', correct_answer: 'C' } } });
    // Each instance's next start reads the new bank, NOTIFY or not.
    for (const instance of [server, other]) {
      const after = await texts(instance, token);
      expect(after.texts).toContain('Bank question 1, rewritten');
      expect(after.texts).not.toContain('Bank question 1');
    }
    // The attempt started before the edit answers and grades by the version it was given.
    const question = (
      await call(server, 'GET', `${SCOPE}/quizzes/${finalQuiz}`, { token })
    ).body.questions.find((q: QuizQuestion) => q.question_number === 1);
    const res = await call(other, 'POST', `/attempts/${before.id}/answers`, {
      token,
      body: { question_id: question.id, answer: 'A' },
    });
    expect(res.body).toMatchObject({ isCorrect: true, correct_answer: 'A' });

    // A change to the course's quizzes frees the copy on the other instance too (its NOTIFY).
    const now = heldVersion(other.database, courseId);
    await server.database.db
      .update(schema.quizzes)
      .set({ passingScore: 50 })
      .where(eq(schema.quizzes.id, finalQuiz));
    await vi.waitFor(() => expect(heldVersion(other.database, courseId)).toBeUndefined());
    expect(now).not.toBe(held);
  });
});
