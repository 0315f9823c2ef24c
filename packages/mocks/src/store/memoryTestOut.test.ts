import type { AnswerLetter } from '@coursekit/core';
import { describe, expect, it } from 'vitest';
import { createMemoryAdapter } from '../createMemoryAdapter';
import { withTestOut } from '../fixtures/courseFixture';
import type { MemoryStore } from './createMemoryStore';
import { createMemoryStore } from './createMemoryStore';

// Test-out, on the memory store: the same core rule as the API (testedOutModules into
// summarizeProgress). The mocks' course is the seed's, which has test-out off; a fixture with it on
// shows the path works.

/** The seed's course with test-out on: every module at 100% of its pre-assessment questions. */
const testOutOn = withTestOut();

/** Completes the pre-assessment with the questions about `modules` right and every other one wrong. */
async function takePreAssessment(store: MemoryStore, modules: number[]) {
  const adapter = createMemoryAdapter(store);
  const pre = store.tables.quizzes.find((q) => q.kind === 'pre_assessment')!;
  // What a learner receives (the store's answer, which the MSW handlers send as it is) never says
  // which module a question is about.
  expect(store.quiz(pre.id).questions.every((q) => !('module_id' in q))).toBe(true);
  const keys = store.tables.questionsOf(pre.id);
  const answers = Object.fromEntries(
    keys.map((q): [string, AnswerLetter] => [
      String(q.id),
      modules.includes(q.module_id!) ? q.correct_answer : q.correct_answer === 'A' ? 'B' : 'A',
    ]),
  );
  const attempt = await adapter.quizzes.startAttempt(pre.id);
  await adapter.quizzes.complete(attempt.id, answers);
  return adapter;
}

describe('test-out on the memory store', () => {
  it('the fixture’s pre-assessment asks about modules 1, 3, 4 and 5', () => {
    const store = createMemoryStore('new-learner', testOutOn);
    const pre = store.tables.quizzes.find((q) => q.kind === 'pre_assessment')!;
    expect(store.tables.questionsOf(pre.id).map((q) => q.module_id)).toEqual([1, 3, 4, 5]);
  });

  it('a learner who has module 3’s question right tests out of it; the next lesson passes over it', async () => {
    const store = createMemoryStore('new-learner', testOutOn);
    const adapter = await takePreAssessment(store, [3]);
    const before = (await adapter.progress.get()).summary;
    expect(before.modules.map((m) => m.testedOut)).toEqual([false, false, true, false, false]);
    expect(before).toMatchObject({ completedLessons: 0, nextModuleId: 1 });

    for (const moduleId of [1, 2]) {
      for (const lesson of await adapter.course.lessons(moduleId)) {
        await adapter.progress.setLessonCompleted(lesson.lesson_key, true);
      }
    }
    const after = (await adapter.progress.get()).summary;
    expect(after).toMatchObject({ nextModuleId: 4, completedLessons: 10 });
    expect(after.modules[2]).toMatchObject({ completedLessons: 0, progressPercentage: 0, testedOut: true });
    expect(after.modules.map((m) => m.isUnlocked)).toEqual([true, true, true, true, false]);
  });

  it('with the seed’s course (test-out off) a perfect pre-assessment tests out of nothing', async () => {
    const store = createMemoryStore('new-learner');
    expect(store.tables.testOutScores.every((m) => m.test_out_score === null)).toBe(true);
    const adapter = await takePreAssessment(store, [1, 2, 3, 4, 5]);
    const summary = (await adapter.progress.get()).summary;
    expect(summary.preAssessmentPassed).toBe(true);
    expect(summary.modules.every((m) => !m.testedOut)).toBe(true);
    expect(summary).toMatchObject({ nextModuleId: 1, completedLessons: 0 });
  });
});
