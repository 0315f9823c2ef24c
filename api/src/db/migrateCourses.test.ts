import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  certificateCode,
  type ProgressRecord,
  type ProgressSummary,
  type QuizSummary,
  summarizeProgress,
  summarizeQuizAttempts,
} from '@coursekit/core';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { hashPassword } from '../auth/passwords';
import {
  COURSES_DIR,
  type CourseContent,
  courseFolders,
  readCourse,
  SEED_COURSE_DIR,
} from '../content/loader';
import { seed } from '../content/seed';
import { directoryStorage } from '../content/storage';
import { devMailbox } from '../mail/mailer';
import { call, closeServer, DRIVERS, email, listen, PASSWORD, testClock, testConfig } from '../test/harness';
import { scratchDatabase } from '../test/scratchDatabase';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from './index';

// A database at the schema before migration 0009 (one course), with learners' progress,
// attempts, certificates and audit rows, migrates to the course-scoped schema with nothing lost.
// "Before" is what the API of that schema (commit 1941b50) answered, computed here with its own
// statements and core's rules over the raw rows; "after" is what today's API answers over HTTP.

/** The last migration of the schema before course scoping. */
const OLD_LAST_MIGRATION = 8;
/** What the old API wrote as every certificate's course title (api/src/mail/templates.ts PRODUCT at 1941b50). */
const OLD_CERTIFICATE_TITLE = 'Data Literacy for Facility Managers';
/** The tables migration 0009 gives a course_id. */
const SCOPED = [
  'modules',
  'lessons',
  'lesson_versions',
  'quizzes',
  'user_progress',
  'quiz_attempts',
  'certificates',
] as const;
/** quiz_questions belong to a course through their quiz. */
const ROWS_OF_COURSE: Record<string, string> = {
  ...Object.fromEntries(SCOPED.map((t) => [t, `select * from "${t}" where course_id = $1`])),
  quiz_questions:
    'select * from quiz_questions where quiz_id in (select id from quizzes where course_id = $1)',
};

// The old API's statements (api/src/course/structure.ts and api/src/progress/service.ts at 1941b50),
// less the course_version column that only its cache used.
const OLD_STRUCTURE_SQL = `select
  coalesce((select json_agg(json_build_object('id', m.id, 'order_index', m.order_index) order by m.id)
    from modules m), '[]') as modules,
  coalesce((select json_agg(json_build_object('id', l.id, 'lesson_key', l.lesson_key, 'module_id', l.module_id,
    'order', l."order") order by l.id) from lessons l where l.is_active), '[]') as lessons,
  coalesce((select json_agg(json_build_object('id', q.id, 'kind', q.kind) order by q.id)
    from quizzes q), '[]') as quizzes`;
const OLD_STATE_SQL = `select
  coalesce((select json_agg(json_build_object('id', p.id, 'user_id', p.user_id, 'lesson_id', p.lesson_id,
    'lesson_key', p.lesson_key, 'module_id', p.module_id, 'completed', p.completed, 'lesson_order', p.lesson_order,
    'tracking_method', p.tracking_method, 'updated_at', p.updated_at) order by p.id)
    from (select * from user_progress where user_id = $1) p), '[]') as records,
  coalesce((select json_agg(json_build_object('quiz_id', a.quiz_id, 'passed', a.passed, 'completed_at', a.completed_at))
    from quiz_attempts a where a.user_id = $1 and a.completed_at is not null), '[]') as attempts`;

interface Learner {
  key: 'admin' | 'started' | 'certified' | 'legacy';
  id: string;
  email: string;
  name: string;
}
interface Before {
  progress: { records: ProgressRecord[]; summary: ProgressSummary };
  quizzes: Array<{ quiz: OldQuiz; summary: QuizSummary }>;
  certificate: { code: string; learner_name: string; course_title: string; issued_at: string } | null;
}

/** A quiz as the old API answered it (toQuiz at 1941b50). */
interface OldQuiz {
  id: number;
  kind: string;
  title: string;
  description: string | null;
  total_questions: number;
  passing_score: number;
  created_at: string;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** A fresh database: in-memory PGlite, or a scratch database on DATABASE_URL's server. */
async function freshDatabase(driver: 'pglite' | 'postgres') {
  if (driver === 'pglite') {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const scratch = await scratchDatabase(process.env.DATABASE_URL!, 'ck_migr');
  const database = await openDatabase({ url: scratch.url, max: 8 });
  return {
    database,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

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
  for (const e of journal.entries) {
    copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  }
  return dir;
}

async function tableNames(database: Database): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    [],
  );
  return rows.map((r) => r.name);
}

/**
 * Every row of a table as JSON (row_to_json), in a stable order, without the columns later
 * migrations added: course_id (0009, checked on its own), a module's test_out_score when null
 * (0012: test-out off, as every migrated course has it; any other value stays and fails the match),
 * and 0013's question-bank columns at what it gives an existing row (no draw, no shuffle, version 1,
 * an attempt's draw of every question A-D; migrated attempts are graded the same either way, which
 * the progress and attempt answers compared below check), 0014's platform words on the settings row
 * (the seed stores them on a row that had none) and a mail's sender name when it has none.
 */
async function rowsOf(database: Database, sqlText: string, params: unknown[] = []): Promise<unknown[]> {
  const [row] = await database.query<{ rows: Array<Record<string, unknown>> }>(
    `select coalesce(json_agg(row_to_json(t)), '[]') as rows from (${sqlText}) t`,
    params,
  );
  return row!.rows
    .map(({ course_id: _course, ...rest }) => {
      if (rest.test_out_score === null) delete rest.test_out_score;
      if (rest.draw_count === null) delete rest.draw_count;
      if (rest.shuffle_options === false) delete rest.shuffle_options;
      if (rest.version === 1 && 'question_text' in rest) delete rest.version;
      if (Array.isArray(rest.questions) && 'answers' in rest) delete rest.questions;
      if ('maintenance_mode' in rest) delete rest.platform;
      if (rest.from_name === null) delete rest.from_name;
      return rest;
    })
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

async function count(database: Database, sqlText: string, params: unknown[] = []): Promise<number> {
  const [row] = await database.query<{ n: number }>(`select count(*)::int as n from (${sqlText}) t`, params);
  return row!.n;
}

/** Writes a one-course database's rows the way the old API and its seed did (no course_id anywhere). */
async function writeOldRows(database: Database, content: CourseContent, withCourseRow: boolean) {
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    database.query<T>(text, params);
  const base = Date.now() - 7 * 24 * 3600_000;
  const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();

  await q(
    `insert into system_settings (id, created_at, updated_at) values (1, $1::text::timestamptz, $1::text::timestamptz)`,
    [at(0)],
  );
  if (withCourseRow) {
    // As 0008's seed wrote it: upsertCourseFacts with course.json's facts (status: its default).
    const c = content.course;
    await q(
      `insert into courses (slug, title, description, estimated_time, syllabus_time, pre_assessment_time, objectives,
        created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8::text::timestamptz, $8::text::timestamptz)`,
      [
        c.slug,
        c.title,
        c.description,
        c.estimatedTime,
        c.syllabusTime,
        c.preAssessmentTime,
        JSON.stringify(c.objectives),
        at(0),
      ],
    );
  }
  for (const m of content.modules) {
    await q(
      `insert into modules (id, name, title, description, summary, duration_minutes, order_index, created_at)
        values ($1, $2, $3, $4, $5, $6, $7, $8::text::timestamptz)`,
      [m.id, m.name, m.title, m.description, m.summary ?? null, m.durationMinutes ?? null, m.order, at(0)],
    );
  }
  const lessons: Array<{ id: number; key: string; moduleId: number; order: number }> = [];
  for (const l of content.lessons) {
    const [row] = await q<{ id: number }>(
      `insert into lessons (module_id, lesson_key, title, content, content_hash, "order", original_order, is_active,
        version, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $6, true, 1, $7::text::timestamptz, $7::text::timestamptz)
        returning id`,
      [l.moduleId, l.key, l.title, l.html, l.hash, l.order, at(0)],
    );
    await q(
      `insert into lesson_versions (lesson_id, lesson_key, version, title, content, content_hash, change_reason, created_at)
        values ($1, $2, 1, $3, $4, $5, 'Content migration', $6::text::timestamptz)`,
      [row!.id, l.key, l.title, l.html, l.hash, at(0)],
    );
    lessons.push({ id: row!.id, key: l.key, moduleId: l.moduleId, order: l.order });
  }
  const quizzes: Record<
    string,
    { id: number; keys: Array<{ id: number; correct: string }>; passing: number }
  > = {};
  for (const [i, quiz] of content.quizzes.entries()) {
    const [row] = await q<{ id: number }>(
      `insert into quizzes (kind, title, description, passing_score, total_questions, created_at)
        values ($1, $2, $3, $4, $5, $6::text::timestamptz) returning id`,
      [quiz.kind, quiz.title, quiz.description, quiz.passingScore, quiz.questions.length, at(i)],
    );
    const keys: Array<{ id: number; correct: string }> = [];
    for (const [n, question] of quiz.questions.entries()) {
      const [qq] = await q<{ id: number }>(
        `insert into quiz_questions (quiz_id, question_number, question_text, option_a, option_b, option_c, option_d,
          correct_answer, explanation, module_id, objectives) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text::jsonb)
          returning id`,
        [
          row!.id,
          n + 1,
          question.question_text,
          question.option_a,
          question.option_b,
          question.option_c,
          question.option_d,
          question.correct_answer,
          question.explanation ?? null,
          question.moduleId,
          question.objectives ? JSON.stringify(question.objectives) : null,
        ],
      );
      keys.push({ id: qq!.id, correct: question.correct_answer });
    }
    quizzes[quiz.kind] = { id: row!.id, keys, passing: quiz.passingScore };
  }

  const learner = async (key: Learner['key'], name: string, roles: string[]): Promise<Learner> => {
    const user = { key, id: randomUUID(), email: email(`migr-${key}`), name };
    await q(
      `insert into users (id, email, password_hash, name, email_confirmed_at, last_sign_in_at, created_at, updated_at)
        values ($1, $2, $3, $4, $5::text::timestamptz, $5::text::timestamptz, $5::text::timestamptz, $5::text::timestamptz)`,
      [user.id, user.email, await hashPassword(PASSWORD), name, at(1)],
    );
    for (const role of roles) {
      await q('insert into user_roles (user_id, role, created_at) values ($1, $2, $3::text::timestamptz)', [
        user.id,
        role,
        at(1),
      ]);
    }
    return user;
  };
  const admin = await learner('admin', 'Site Admin', ['user', 'admin']);
  const started = await learner('started', 'Ana Silva', ['user']);
  const certified = await learner('certified', 'Dana Ortiz', ['user']);
  const legacy = await learner('legacy', 'Lee Park', ['user']);

  const progress = async (
    userId: string,
    lesson: (typeof lessons)[number],
    completed: boolean,
    minutes: number,
    tracking: 'stable' | 'legacy' = 'stable',
  ) =>
    q(
      `insert into user_progress (user_id, lesson_id, lesson_key, module_id, completed, lesson_order, tracking_method,
        created_at, updated_at) values ($1, $2, $3, $4, $5::boolean, $6, $7, $8::text::timestamptz, $8::text::timestamptz)`,
      [
        userId,
        lesson.id,
        tracking === 'legacy' ? null : lesson.key,
        lesson.moduleId,
        completed,
        lesson.order,
        tracking,
        at(minutes),
      ],
    );
  /** An attempt with `right` questions answered correctly (the rest wrong); open when `done` is null. */
  const attempt = async (
    userId: string,
    kind: 'pre_assessment' | 'course',
    right: number,
    start: number,
    done: number | null,
  ) => {
    const quiz = quizzes[kind]!;
    const answered = done === null ? quiz.keys.slice(0, right) : quiz.keys;
    const answers = Object.fromEntries(
      answered.map((k, i) => [String(k.id), i < right ? k.correct : k.correct === 'A' ? 'B' : 'A']),
    );
    const total = quiz.keys.length;
    const score = done === null ? 0 : right;
    const percentage = done === null ? 0 : (right / total) * 100;
    await q(
      `insert into quiz_attempts (user_id, quiz_id, score, total_questions, percentage, passed, answers, started_at,
        completed_at) values ($1, $2, $3, $4, $5, $6::boolean, $7::text::jsonb, $8::text::timestamptz, $9::text::timestamptz)`,
      [
        userId,
        quiz.id,
        score,
        total,
        percentage,
        done !== null && percentage >= quiz.passing,
        JSON.stringify(answers),
        at(start),
        done === null ? null : at(done),
      ],
    );
  };

  // Ana: three lessons done, a fourth opened and unticked, and a failed pre-assessment.
  await attempt(started.id, 'pre_assessment', 1, 10, 12);
  for (const [i, lesson] of lessons.slice(0, 3).entries()) await progress(started.id, lesson, true, 20 + i);
  await progress(started.id, lessons[3]!, false, 30);
  // Dana: every lesson, the pre-assessment passed, the final quiz failed once then passed, a certificate.
  await attempt(certified.id, 'pre_assessment', quizzes.pre_assessment!.keys.length, 40, 41);
  for (const [i, lesson] of lessons.entries()) await progress(certified.id, lesson, true, 50 + i);
  await attempt(certified.id, 'course', 2, 200, 210);
  await attempt(certified.id, 'course', quizzes.course!.keys.length, 220, 230);
  const code = certificateCode(randomBytes(12));
  await q(
    `insert into certificates (user_id, code, learner_name, course_title, issued_at) values ($1, $2, $3, $4, $5::text::timestamptz)`,
    [certified.id, code, certified.name, OLD_CERTIFICATE_TITLE, at(231)],
  );
  // Lee: progress from before stable keys (a lesson id, no key) and one keyed row; a final quiz left open.
  await progress(legacy.id, lessons[0]!, true, 300, 'legacy');
  await progress(legacy.id, lessons[1]!, true, 301, 'legacy');
  await progress(legacy.id, lessons[2]!, true, 302);
  await attempt(legacy.id, 'course', 3, 310, null);

  // The audit trail: what admins did, and security events (one stored once, one counted).
  await q(
    `insert into admin_action_log (admin_user_id, target_user_id, action_type, action_details, user_agent, created_at)
      values ($1, $2, 'role_change', $3::text::jsonb, 'Mozilla/5.0', $4::text::timestamptz),
             ($1, $5, 'progress_reset', $6::text::jsonb, 'Mozilla/5.0', $7::text::timestamptz)`,
    [
      admin.id,
      started.id,
      JSON.stringify({ role: 'moderator', granted: false }),
      at(400),
      legacy.id,
      JSON.stringify({ moduleId: 1 }),
      at(401),
    ],
  );
  await q(
    `insert into security_events (type, user_id, email, ip, details, created_at, count, window_key)
      values ('sign_in_failed', $1, $2, '203.0.113.7', null, $3::text::timestamptz, 1, null),
             ('rate_limited', null, $2, '203.0.113.7', $4::text::jsonb, $5::text::timestamptz, 4, $6)`,
    [
      started.id,
      started.email,
      at(500),
      JSON.stringify({ key: `signin-failures:${started.email}` }),
      at(501),
      `rate_limited|203.0.113.7|x|${at(501)}`,
    ],
  );
  return { learners: [started, certified, legacy], code };
}

/** What the old API answered each learner: progress, quiz summaries, certificate (1941b50's services). */
async function oldAnswers(database: Database, learner: Learner, issuedCode: string): Promise<Before> {
  const [structure] = await database.query<{
    modules: Array<{ id: number; order_index: number }>;
    lessons: Array<{ id: number; lesson_key: string; module_id: number; order: number }>;
    quizzes: Array<{ id: number; kind: 'pre_assessment' | 'course' }>;
  }>(OLD_STRUCTURE_SQL, []);
  const [state] = await database.query<{
    records: Array<ProgressRecord & { updated_at: string }>;
    attempts: Array<{ quiz_id: number; passed: boolean; completed_at: string | null }>;
  }>(OLD_STATE_SQL, [learner.id]);
  const records = state!.records.map((r) => ({ ...r, updated_at: iso(r.updated_at) }));
  const summary = summarizeProgress({
    modules: structure!.modules,
    lessons: structure!.lessons,
    records,
    quizzes: structure!.quizzes,
    attempts: state!.attempts.map((a) => ({
      ...a,
      completed_at: a.completed_at ? iso(a.completed_at) : null,
    })),
  });
  const quizRows = await database.query<Omit<OldQuiz, 'created_at'> & { created_at: string | Date }>(
    'select id, kind, title, description, total_questions, passing_score, created_at from quizzes order by created_at, id',
    [],
  );
  const attempts = await database.query<{
    quiz_id: number;
    score: number;
    percentage: number;
    passed: boolean;
    completed_at: string | Date;
  }>(
    'select quiz_id, score, percentage, passed, completed_at from quiz_attempts where user_id = $1 and completed_at is not null',
    [learner.id],
  );
  const quizzes = quizRows.map((quiz) => ({
    quiz: { ...quiz, created_at: iso(quiz.created_at) },
    summary: summarizeQuizAttempts(
      attempts
        .filter((a) => a.quiz_id === quiz.id)
        .map((a) => ({ ...a, percentage: Number(a.percentage), completed_at: iso(a.completed_at) })),
    ),
  }));
  // The old getCertificate: the stored row once the summary says courseComplete (never issued here:
  // the one complete learner has hers).
  const [cert] = await database.query<{
    code: string;
    learner_name: string;
    course_title: string;
    issued_at: string | Date;
  }>('select code, learner_name, course_title, issued_at from certificates where user_id = $1', [learner.id]);
  if (summary.courseComplete) expect(cert?.code).toBe(issuedCode);
  const certificate = summary.courseComplete && cert ? { ...cert, issued_at: iso(cert.issued_at) } : null;
  return { progress: { records, summary }, quizzes, certificate };
}

function printCounts(
  title: string,
  rows: Array<[string, number, number | string, number | string, number | string]>,
) {
  const header: [string, string, string, string, string] = [
    'table',
    'before',
    'after: seed course',
    'after: other course',
    'after: all',
  ];
  const all = [header, ...rows.map((r) => r.map(String) as typeof header)];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ');
  // biome-ignore lint/suspicious/noConsole: the counts are this test's report
  console.log(
    [
      title,
      line(header),
      widths.map((w) => '-'.repeat(w)).join('-|-'),
      ...rows.map((r) => line(r.map(String))),
    ].join('\n'),
  );
}

async function migrateAndCompare(driver: 'pglite' | 'postgres', withCourseRow: boolean) {
  const content = await readCourse(SEED_COURSE_DIR);
  const slugs = (await Promise.all(courseFolders(COURSES_DIR).map((dir) => readCourse(dir)))).map(
    (c) => c.course.slug,
  );
  const oldMigrations = migrationsUpTo(OLD_LAST_MIGRATION);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-migr-'));
  const { database, drop } = await freshDatabase(driver);
  let stop: (() => Promise<void>) | undefined;
  try {
    // Today's database: migrations 0000–0008, then rows as the one-course API wrote them.
    await database.migrate(oldMigrations);
    const oldColumns = await database.query<{ table_name: string }>(
      "select table_name from information_schema.columns where table_schema = 'public' and column_name = 'course_id'",
      [],
    );
    expect(oldColumns).toEqual([]);
    const { learners, code } = await writeOldRows(database, content, withCourseRow);

    const tables = await tableNames(database);
    const beforeRows = new Map<string, unknown[]>();
    for (const t of tables) beforeRows.set(t, await rowsOf(database, `select * from "${t}"`));
    const before = new Map<string, Before>();
    for (const l of learners) before.set(l.id, await oldAnswers(database, l, code));
    // The data says what the test means it to say.
    const [started, certified, legacy] = learners.map((l) => before.get(l.id)!);
    expect(started!.progress.summary).toMatchObject({
      completedLessons: 3,
      hasPreAssessment: true,
      preAssessmentPassed: false,
    });
    expect(certified!.progress.summary).toMatchObject({
      isComplete: true,
      quizPassed: true,
      courseComplete: true,
    });
    expect(certified!.certificate?.code).toBe(code);
    expect(legacy!.progress.summary.completedLessons).toBe(3);

    // The new schema, and a start: seed as main.ts runs it (every course folder of api/content).
    await database.migrate();
    const afterMigration = await database.query<{ slug: string; title: string }>(
      'select slug, title from courses',
      [],
    );
    expect(afterMigration).toEqual(
      withCourseRow
        ? [{ slug: content.course.slug, title: content.course.title }]
        : [{ slug: 'legacy-course', title: OLD_CERTIFICATE_TITLE }],
    );
    const config = testConfig(dataDir);
    const logger = pino({ level: process.env.API_TEST_LOG ?? 'silent' });
    const storage = directoryStorage(path.join(dataDir, 'storage'));
    const seeded = await seed({ db: database.db, storage, logger, config });
    expect(seeded.admin).toEqual({ kind: 'exists' });
    expect(seeded.courses.map((c) => c.course)).toEqual(slugs.filter((s) => s !== content.course.slug));

    // The courses: the seed course is the one the rows were migrated into (case 2: the placeholder,
    // adopted), with course.json's facts, and the default.
    const courses = await database.query<Record<string, unknown> & { id: number; slug: string }>(
      `select id, slug, title, description, estimated_time, syllabus_time, pre_assessment_time, objectives, status,
        is_default from courses order by id`,
      [],
    );
    expect(courses.map((c) => c.slug).sort()).toEqual([...slugs].sort());
    const seedCourse = courses.find((c) => c.slug === content.course.slug)!;
    const c = content.course;
    expect(seedCourse).toEqual({
      id: courses[0]!.id,
      slug: c.slug,
      title: c.title,
      description: c.description,
      estimated_time: c.estimatedTime,
      syllabus_time: c.syllabusTime,
      pre_assessment_time: c.preAssessmentTime,
      objectives: c.objectives,
      status: 'published',
      is_default: true,
    });
    expect(courses.filter((row) => row.is_default)).toHaveLength(1);
    expect(courses.map((row) => row.slug)).not.toContain('legacy-course');
    const others = courses.filter((row) => row.id !== seedCourse.id);

    // Every old row is still there, unchanged, and in the seed course (course_id = its id).
    const table: Parameters<typeof printCounts>[1] = [];
    for (const t of tables) {
      const old = beforeRows.get(t)!;
      if (t in ROWS_OF_COURSE) {
        const mine = await rowsOf(database, ROWS_OF_COURSE[t]!, [seedCourse.id]);
        expect(mine, t).toEqual(old);
        const theirs = await count(database, ROWS_OF_COURSE[t]!.replace('= $1', '<> $1'), [seedCourse.id]);
        const all = await count(database, `select 1 from "${t}"`);
        expect(mine.length + theirs, t).toBe(all);
        if (t !== 'quiz_questions') {
          expect(await count(database, `select 1 from "${t}" where course_id is null`), t).toBe(0);
        }
        table.push([t, old.length, mine.length, theirs, all]);
      } else if (t === 'courses') {
        table.push([t, old.length, 1, others.length, courses.length]);
      } else if (t === 'course_version') {
        // One row whose version the triggers bump.
        expect(await count(database, 'select 1 from course_version'), t).toBe(old.length);
        table.push([t, old.length, '-', '-', old.length]);
      } else {
        const now = await rowsOf(database, `select * from "${t}"`);
        expect(now, t).toEqual(old);
        table.push([t, old.length, '-', '-', now.length]);
      }
    }
    printCounts(
      `migration 0009 on ${driver}, ${withCourseRow ? "with the courses row 0008's seed wrote" : 'loaded before 0008: no courses row'} (after: migrate + seed; other course: ${others.map((o) => o.slug).join(', ')})`,
      table,
    );
    // Migration 0009 left no row without its course (the new columns are NOT NULL; a course per row).
    for (const t of SCOPED) {
      const orphans = await count(
        database,
        `select 1 from "${t}" where course_id not in (select id from courses)`,
      );
      expect(orphans, t).toBe(0);
    }
    // Migration 0013: every question is its version 1, and every attempt made before banks drew
    // every question of its quiz, in order, options A-D.
    expect(
      await count(
        database,
        `select 1 from quiz_questions q where not exists (select 1 from quiz_question_versions v
          where v.question_id = q.id and v.version = 1 and v.content->>'question_text' = q.question_text
            and v.content->>'correct_answer' = q.correct_answer)`,
      ),
    ).toBe(0);
    expect(
      await count(
        database,
        `select 1 from quiz_attempts a where a.questions is distinct from (
          select jsonb_agg(jsonb_build_object('question_id', q.id, 'version', 1, 'options', '["A","B","C","D"]'::jsonb)
            order by q.question_number) from quiz_questions q where q.quiz_id = a.quiz_id)`,
      ),
    ).toBe(0);

    // The API of today, signed in as each learner: the same answers as before.
    const clock = testClock();
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
    for (const learner of learners) {
      const expected = before.get(learner.id)!;
      const signIn = await call(api, 'POST', '/auth/signin', {
        body: { email: learner.email, password: PASSWORD },
      });
      expect(signIn.status, learner.email).toBe(200);
      const token = signIn.body.access_token as string;
      const progress = await call(api, 'GET', '/progress', { token });
      expect(progress.status).toBe(200);
      expect(progress.body.summary, learner.key).toEqual(expected.progress.summary);
      expect(progress.body.records, learner.key).toEqual(expected.progress.records);
      const quizzes = await call(api, 'GET', '/quizzes', { token });
      expect(quizzes.status).toBe(200);
      expect(quizzes.body, learner.key).toEqual(expected.quizzes);
      const certificate = await call(api, 'GET', '/certificate', { token });
      expect(certificate.status).toBe(200);
      expect(certificate.body, learner.key).toEqual({ certificate: expected.certificate });
      if (expected.certificate) {
        const check = await call(api, 'GET', `/certificates/${expected.certificate.code}`);
        expect(check.body).toMatchObject({ valid: true, certificate: expected.certificate });
        expect(check.body.certificate.course_title).toBe(OLD_CERTIFICATE_TITLE);
      }
    }
    // The audit trail is untouched by the migration, the seed and the requests above.
    for (const t of ['admin_action_log', 'security_events']) {
      const old = beforeRows.get(t) as Array<{ id: number }>;
      const ids = old.map((r) => r.id);
      const now = await rowsOf(database, `select * from "${t}" where id = any($1::text::bigint[])`, [
        `{${ids.join(',')}}`,
      ]);
      expect(now, t).toEqual(old);
    }
  } finally {
    await stop?.();
    await drop();
    rmSync(oldMigrations, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe.each(DRIVERS)('migration 0009 keeps every learner’s records (%s)', (driver) => {
  it("with the courses row 0008's seed wrote", () => migrateAndCompare(driver, true), 180_000);
  it('loaded before 0008: no courses row', () => migrateAndCompare(driver, false), 180_000);
});
