import { AnalyticsReportSchema, type AnswerLetter, PROGRESS_CSV_COLUMNS } from '@coursekit/core';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../createMemoryStore';
import { memoryAnalyticsReport, memoryProgressCsv } from './analytics';

const wrong = (letter: AnswerLetter): AnswerLetter => (letter === 'A' ? 'B' : 'A');

/** A store with the demo learner (nothing done), Bo (module 1, both quizzes) and a formula-named learner. */
function world() {
  const store = createMemoryStore('new-learner');
  const password = 'Facility-42-Data';
  const bo = store.signUp({ email: 'bo@example.com', password, name: 'Bo Brown' }).user.id;
  const eve = store.signUp({ email: 'eve@example.com', password, name: '=SUM(1,2)' }).user.id;
  const [first] = store.modulesList;
  for (const l of store.lessonsList.filter((x) => x.module_id === first!.id && x.is_active))
    store.setLessonCompleted(bo, l.lesson_key, true);
  const pre = store.quizzesList.find((q) => q.kind === 'pre_assessment')!;
  const final = store.quizzesList.find((q) => q.kind === 'course')!;
  const preQuestions = store.tables.questionsOf(pre.id);
  // Pre-assessment: only the first question right.
  const preAttempt = store.startAttempt(bo, pre.id);
  store.complete(
    bo,
    preAttempt.id,
    Object.fromEntries(
      preQuestions.map((q, i) => [String(q.id), i === 0 ? q.correct_answer : wrong(q.correct_answer)]),
    ),
  );
  // Final quiz twice: all wrong, then all right.
  for (const right of [false, true]) {
    const attempt = store.startAttempt(bo, final.id);
    for (const q of store.tables.questionsOf(final.id))
      store.answer(bo, attempt.id, q.id, right ? q.correct_answer : wrong(q.correct_answer));
    store.complete(bo, attempt.id);
  }
  return { store, bo, eve, first: first!, preQuestions, final };
}

describe('the memory store’s analytics', () => {
  it('computes the report the API gives: learners, funnel, scores and difficulty', () => {
    const { store, preQuestions, final, first } = world();
    const report = memoryAnalyticsReport(store, new Date('2026-11-23T12:00:00Z'));
    expect(AnalyticsReportSchema.safeParse(report).success).toBe(true);
    expect(report.generatedAt).toBe('2026-11-23T12:00:00.000Z');
    expect(report.learners).toEqual({ total: 3, started: 1, completedCourse: 0 });
    expect(report.funnel[0]).toMatchObject({ moduleId: first.id, started: 1, completed: 1 });
    expect(report.funnel.slice(1).every((f) => f.started === 0)).toBe(true);

    const prePercent = (1 / preQuestions.length) * 100;
    expect(report.scores.preAssessment).toMatchObject({
      learners: 1,
      average: Math.round(prePercent * 10) / 10,
    });
    expect(report.scores.final).toMatchObject({ learners: 1, average: 100, median: 100, passed: 1 });
    expect(report.scores.paired).toMatchObject({ learners: 1, improved: 1 });

    const preDifficulty = report.difficulty.find((q) => q.kind === 'pre_assessment')!;
    expect(preDifficulty.questions.map((q) => q.shareCorrect)).toEqual(
      preQuestions.map((_, i) => (i === 0 ? 1 : 0)),
    );
    const finalDifficulty = report.difficulty.find((q) => q.quizId === final.id)!;
    expect(finalDifficulty.attempts).toBe(2);
    expect(finalDifficulty.questions.every((q) => q.answered === 2 && q.shareCorrect === 0.5)).toBe(true);
  });

  it('writes one CSV row per learner, with the formula-like name kept as text', () => {
    const { store, bo, eve, first } = world();
    const csv = memoryProgressCsv(store);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(PROGRESS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(5);
    const firstLessons = store.lessonsList.filter((l) => l.module_id === first.id && l.is_active).length;
    const total = store.lessonsList.filter((l) => l.is_active).length;
    const boLine = lines.find((l) => l.startsWith(`${bo},`))!;
    expect(boLine).toContain(`,Bo Brown,bo@example.com,${firstLessons},${total},`);
    expect(boLine).toMatch(/,100,true,\d{4}-\d\d-\d\dT/);
    expect(lines.find((l) => l.startsWith(`${eve},`))).toBe(
      `${eve},"'=SUM(1,2)",eve@example.com,0,${total},0,0,,,false,`,
    );
  });
});
