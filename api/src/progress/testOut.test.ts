import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CatalogAnswerSchema, ProgressStateSchema } from '@coursekit/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCourse } from '../content/applyCourse';
import { readCourse } from '../content/loader';
import { schema } from '../db/index';
import { loadCourseBundle } from '../packaging/courseBundle';
import {
  call,
  courseIdOf,
  DRIVERS,
  signUp,
  startServer,
  type TestServer,
  takeFinalQuiz,
} from '../test/harness';
import { TEST_OUT_SLUG, writeTestOutCourse } from '../test/testOutCourse';

// Test-out: with it on, a learner who passes a module's pre-assessment questions tests out
// of that module (its lessons count as done for unlocking, the next lesson and completion, never as
// completed); the final quiz stays required. With it off (the shipped courses) nothing changes.

const SCOPE = `/courses/${TEST_OUT_SLUG}`;

describe.each(DRIVERS)('test-out (%s)', (driver) => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    server = await startServer(driver);
    dir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-test-out-'));
    writeTestOutCourse(dir);
    await applyCourse(server.database.db, await readCourse(dir));
  });
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A course's pre-assessment and its questions with their keys (unscoped: the default course). */
  async function preAssessment(slug?: string) {
    const { db } = server.database;
    const courseId = await courseIdOf(db, slug);
    const [quiz] = await db
      .select()
      .from(schema.quizzes)
      .where(and(eq(schema.quizzes.courseId, courseId), eq(schema.quizzes.kind, 'pre_assessment')));
    const questions = await db
      .select()
      .from(schema.quizQuestions)
      .where(eq(schema.quizQuestions.quizId, quiz!.id))
      .orderBy(asc(schema.quizQuestions.questionNumber));
    return { quiz: quiz!, questions };
  }

  /** Takes a pre-assessment, answering right the questions `right` picks and every other one wrong. */
  async function takePreAssessment(
    token: string,
    right: (q: { moduleId: number | null; questionNumber: number }) => boolean,
    /** null: the default course. */
    slug: string | null = TEST_OUT_SLUG,
  ) {
    const { quiz, questions } = await preAssessment(slug ?? undefined);
    const scope = slug ? `/courses/${slug}` : '';
    const attempt = await call(server, 'POST', `${scope}/quizzes/${quiz.id}/attempts`, { token });
    expect(attempt.status).toBe(201);
    const answers = Object.fromEntries(
      questions.map((q) => [String(q.id), right(q) ? q.correctAnswer : q.correctAnswer === 'A' ? 'B' : 'A']),
    );
    const done = await call(server, 'POST', `/attempts/${attempt.body.id}/complete`, {
      token,
      body: { answers },
    });
    expect(done.status).toBe(200);
  }
  /** Module 2's questions right but one (3 of 4: exactly its 75%), module 1's half right (below its 100%). */
  const passModuleTwo = (q: { moduleId: number | null; questionNumber: number }) =>
    q.moduleId === 2 ? q.questionNumber !== 3 : q.moduleId === 1 && q.questionNumber === 1;

  async function progress(token: string, scope = SCOPE) {
    const res = await call(server, 'GET', `${scope}/progress`, { token });
    expect(res.status).toBe(200);
    return ProgressStateSchema.parse(res.body).summary;
  }
  async function lessonsOf(moduleId: number) {
    const courseId = await courseIdOf(server.database.db, TEST_OUT_SLUG);
    return server.database.db
      .select()
      .from(schema.lessons)
      .where(and(eq(schema.lessons.courseId, courseId), eq(schema.lessons.moduleId, moduleId)))
      .orderBy(asc(schema.lessons.order));
  }
  async function completeModule(token: string, moduleId: number) {
    for (const l of await lessonsOf(moduleId)) {
      const res = await call(server, 'PUT', `${SCOPE}/progress/lessons/${l.lessonKey}`, {
        token,
        body: { completed: true },
      });
      expect(res.status).toBe(200);
    }
  }

  it('a learner who passes module 2’s questions sees it tested out; the next lesson passes over it', async () => {
    const { token } = await signUp(server, 'Tess Tout');
    await takePreAssessment(token, passModuleTwo);
    const before = await progress(token);
    expect(before.modules.map((m) => m.testedOut)).toEqual([false, true, false]);
    expect(before).toMatchObject({ completedLessons: 0, progressPercentage: 0, nextModuleId: 1 });
    // Module 1 still comes first: module 3 stays locked until it is done.
    expect(before.modules.map((m) => m.isUnlocked)).toEqual([true, false, false]);

    await completeModule(token, 1);
    const after = await progress(token);
    const [moduleThreeFirst] = await lessonsOf(3);
    expect(after).toMatchObject({
      nextModuleId: 3,
      nextLessonId: moduleThreeFirst!.id,
      // Module 1's two lessons of six: module 2's are not counted as completed.
      completedLessons: 2,
      totalLessons: 6,
      progressPercentage: 33,
      isComplete: false,
    });
    expect(after.modules.map((m) => m.isUnlocked)).toEqual([true, true, true]);
    expect(after.modules[1]).toMatchObject({ completedLessons: 0, progressPercentage: 0, testedOut: true });

    // The catalog summarises the same way: no completion is invented there either.
    const catalog = CatalogAnswerSchema.parse((await call(server, 'GET', '/courses', { token })).body);
    expect(catalog.courses.find((c) => c.slug === TEST_OUT_SLUG)?.progress).toEqual({
      completed_lessons: 2,
      total_lessons: 6,
      percentage: 33,
      certified: false,
    });
  });

  it('still needs the final quiz for the course and its certificate', async () => {
    const { token } = await signUp(server, 'Finn Alquiz');
    await takePreAssessment(token, passModuleTwo);
    await completeModule(token, 1);
    await completeModule(token, 3);
    expect(await progress(token)).toMatchObject({
      isComplete: true,
      courseComplete: false,
      nextLessonId: null,
      completedLessons: 4,
    });
    expect((await call(server, 'GET', `${SCOPE}/certificate`, { token })).body.certificate).toBeNull();

    await takeFinalQuiz(server, token, true, TEST_OUT_SLUG);
    expect(await progress(token)).toMatchObject({ courseComplete: true, completedLessons: 4 });
    const certificate = await call(server, 'GET', `${SCOPE}/certificate`, { token });
    expect(certificate.body.certificate.course_title).toBe('Test-Out Trial');
  });

  it('counts the latest pre-assessment: a retake below the bar takes the module back', async () => {
    const { token } = await signUp(server, 'Reta Ken');
    await takePreAssessment(token, passModuleTwo);
    expect((await progress(token)).modules[1]!.testedOut).toBe(true);
    // Two of module 2's four right (50%), module 1's both (its 100%).
    await takePreAssessment(
      token,
      (q) => q.moduleId === 1 || (q.moduleId === 2 && q.questionNumber % 2 === 0),
    );
    const retaken = await progress(token);
    expect(retaken.modules.map((m) => m.testedOut)).toEqual([true, false, false]);
    // Module 1 tested out, module 2 not: the next lesson is module 2's first.
    const [moduleTwoFirst] = await lessonsOf(2);
    expect(retaken).toMatchObject({ nextModuleId: 2, nextLessonId: moduleTwoFirst!.id, completedLessons: 0 });
  });

  it('follows the course: a changed answer key or test-out switched off is seen on the next read', async () => {
    const { token } = await signUp(server, 'Cha Nged');
    await takePreAssessment(token, passModuleTwo);
    expect((await progress(token)).modules[1]!.testedOut).toBe(true);
    const { db } = server.database;
    const { questions } = await preAssessment(TEST_OUT_SLUG);
    // One of the three module-2 questions the learner had right gets another key: 2 of 4 now.
    const changed = questions.find((q) => q.moduleId === 2 && q.questionNumber !== 3)!;
    const other = changed.correctAnswer === 'D' ? 'C' : 'D';
    await db.execute(sql`update quiz_questions set correct_answer = ${other} where id = ${changed.id}`);
    try {
      // The cached structure holds the keys: the trigger on quiz_questions makes the read reload it.
      expect((await progress(token)).modules[1]!.testedOut).toBe(false);
    } finally {
      await db.execute(
        sql`update quiz_questions set correct_answer = ${changed.correctAnswer} where id = ${changed.id}`,
      );
    }
    expect((await progress(token)).modules[1]!.testedOut).toBe(true);

    writeTestOutCourse(dir, { enabled: false });
    await applyCourse(db, await readCourse(dir));
    try {
      const off = await progress(token);
      expect(off.modules.map((m) => m.testedOut)).toEqual([false, false, false]);
      expect(off.nextModuleId).toBe(1);
      expect(off.modules.map((m) => m.isUnlocked)).toEqual([true, false, false]);
    } finally {
      writeTestOutCourse(dir);
      await applyCourse(db, await readCourse(dir));
    }
    expect((await progress(token)).modules[1]!.testedOut).toBe(true);
  });

  it('reads progress in one statement with test-out on', async () => {
    const { token } = await signUp(server, 'One Statement');
    await takePreAssessment(token, passModuleTwo);
    const statements = async () => {
      const before = server.database.statements();
      const summary = await progress(token);
      return { count: server.database.statements() - before, summary };
    };
    await statements(); // may load the structure into this instance's memory
    // The session check is kept for 5 s, so of two reads in a row one reads no session.
    const [a, b] = [await statements(), await statements()];
    expect(Math.min(a.count, b.count)).toBe(1);
    expect(b.summary.modules[1]!.testedOut).toBe(true);
  });

  it('changes nothing in the shipped courses: a perfect pre-assessment tests out of no module', async () => {
    const { db } = server.database;
    const thresholds = await db
      .select({ score: schema.modules.testOutScore })
      .from(schema.modules)
      .innerJoin(schema.courses, eq(schema.courses.id, schema.modules.courseId))
      .where(sql`${schema.courses.slug} <> ${TEST_OUT_SLUG}`);
    expect(thresholds.length).toBeGreaterThan(0);
    expect(thresholds.every((t) => t.score === null)).toBe(true);

    const { token } = await signUp(server, 'Perf Ect');
    const untouched = await progress(token, '');
    await takePreAssessment(token, () => true, null);
    const after = await progress(token, '');
    expect(after.preAssessmentPassed).toBe(true);
    expect(after.modules.every((m) => !m.testedOut)).toBe(true);
    // Everything but the pre-assessment's own two fields reads as before it was taken.
    expect({ ...after, hasPreAssessment: false, preAssessmentPassed: false }).toEqual(untouched);
  });
  it('exports an LMS package whose bundle carries each module’s test-out threshold', async () => {
    const { bundle } = await loadCourseBundle(server.app.ctx, TEST_OUT_SLUG);
    // Module 1 has its own bar (100%), the others the course's (75%); in the package's module ids.
    expect(bundle.test_out).toEqual(
      bundle.modules.map((m, i) => ({ module_id: m.id, score: i === 0 ? 100 : 75 })),
    );
    // The shipped default course has test-out off: its bundle carries none.
    expect((await loadCourseBundle(server.app.ctx)).bundle.test_out).toBeUndefined();
  });
});
