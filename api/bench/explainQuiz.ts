// EXPLAIN (ANALYZE, BUFFERS) of each statement of a quiz start, answer and completion, on a scratch
// PostgreSQL database with the seed course and BENCH_LEARNERS learners who each have an attempt.
// Run: DATABASE_URL=… npx tsx --conditions=source api/bench/explainQuiz.ts
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import postgres from 'postgres';
import { seed } from '../src/content/seed';
import { directoryStorage } from '../src/content/storage';
import { openDatabase } from '../src/db/index';
import { testConfig } from '../src/test/harness';
import { scratchDatabase } from '../src/test/scratchDatabase';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 2000);
const scratch = await scratchDatabase(adminUrl, 'ck_explain');
const database = await openDatabase({ url: scratch.url, max: 2 });
const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
try {
  await database.migrate();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ck-explain-'));
  const logger = pino({ level: 'silent' });
  await seed({ db: database.db, storage: directoryStorage(dataDir), logger, config: testConfig(dataDir) });
  const [quiz] = await sql`select id, course_id from quizzes where kind = 'course' order by id limit 1`;
  const bank =
    await sql`select id, version from quiz_questions where quiz_id = ${quiz!.id} order by question_number`;
  const draw = bank.map((q) => ({ question_id: q.id, version: q.version, options: ['A', 'B', 'C', 'D'] }));
  const users = Array.from({ length: LEARNERS }, (_, i) => ({
    id: randomUUID(),
    email: `explain.${i}@bench.example`,
    password_hash: 'x',
    name: `L${i}`,
  }));
  for (let i = 0; i < users.length; i += 1000) await sql`insert into users ${sql(users.slice(i, i + 1000))}`;
  for (const u of users)
    await sql`insert into quiz_attempts (user_id, quiz_id, course_id, total_questions, answers, questions, started_at)
      values (${u.id}, ${quiz!.id}, ${quiz!.course_id}, ${draw.length}, '{}', ${sql.json(draw)}, now())`;
  await sql`analyze`;
  const user = users[7]!.id;
  const [attempt] = await sql`select id from quiz_attempts where user_id = ${user}`;
  const q1 = String(bank[0]!.id);
  const statements: Array<[string, string, unknown[]]> = [
    [
      'start, before: the quiz',
      'select * from quizzes where id = $1 and course_id = $2',
      [quiz!.id, quiz!.course_id],
    ],
    [
      'start, before: the bank',
      'select id, version from quiz_questions where quiz_id = $1 order by question_number',
      [quiz!.id],
    ],
    [
      'start, before and after: insert the attempt',
      `insert into quiz_attempts (user_id, quiz_id, course_id, total_questions, answers, questions, started_at) values ($1, $2, $3, $4, '{}', $5::jsonb, now()) returning *`,
      [user, quiz!.id, quiz!.course_id, draw.length, JSON.stringify(draw)],
    ],
    [
      'start, answer, complete, before: versions of the drawn questions',
      'select * from quiz_question_versions where question_id = any($1::int[])',
      [bank.map((q) => q.id)],
    ],
    [
      'start, after: the course’s structure_version',
      'select structure_version::text from courses where id = $1',
      [quiz!.course_id],
    ],
    [
      'answer, complete, after: own attempt with its course’s version',
      'select a.*, (select structure_version::text from courses where id = a.course_id) from quiz_attempts a where a.id = $1 and a.user_id = $2',
      [attempt!.id, user],
    ],
    [
      'answer: lock the answer',
      `update quiz_attempts set answers = answers || jsonb_build_object($3::text, 'A'::text) where id = $1 and user_id = $2 and completed_at is null and not (answers ? $3::text) returning id`,
      [attempt!.id, user, q1],
    ],
  ];
  for (const [label, text, params] of statements) {
    await sql
      .begin(async (tx) => {
        const plan = await tx.unsafe(`explain (analyze, buffers, costs off) ${text}`, params as never[]);
        process.stdout.write(`\n${label}\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}\n`);
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
  }
} finally {
  await sql.end();
  await database.close();
  await scratch.drop();
}
