import { type CourseEvent, withCourseEvents } from '@coursekit/core';
import { describe, expect, it } from 'vitest';
import { createMemoryAdapter } from './createMemoryAdapter';
import { createMemoryStore } from './store/createMemoryStore';

// The host events a learner's journey produces, through core's withCourseEvents on the
// memory adapter.

function journey(scenario: Parameters<typeof createMemoryStore>[0] = 'new-learner') {
  const store = createMemoryStore(scenario);
  const events: CourseEvent[] = [];
  const adapter = withCourseEvents(createMemoryAdapter(store), (e) => events.push(e));
  return { store, events, adapter };
}

describe('course events', () => {
  it('a module’s lessons: each lesson completed, then the module completed and the next unlocked', async () => {
    const { adapter, events } = journey();
    await adapter.progress.get();
    const [first] = await adapter.course.modules();
    const lessons = await adapter.course.lessons(first!.id);
    for (const lesson of lessons) await adapter.progress.setLessonCompleted(lesson.lesson_key, true);
    expect(events.map((e) => e.type)).toEqual([
      ...lessons.map(() => 'lessonCompleted'),
      'moduleCompleted',
      'moduleUnlocked',
    ]);
    expect(events[0]).toEqual({
      type: 'lessonCompleted',
      moduleId: first!.id,
      lessonId: lessons[0]!.id,
      lessonKey: lessons[0]!.lesson_key,
      title: lessons[0]!.title,
    });
    expect(events.at(-1)).toEqual({ type: 'moduleUnlocked', moduleId: 2 });
  });

  it('marking a lesson incomplete is no completion', async () => {
    const { adapter, events } = journey('mid-course');
    await adapter.progress.get();
    const lessons = await adapter.course.lessons(1);
    await adapter.progress.setLessonCompleted(lessons[0]!.lesson_key, false);
    expect(events.filter((e) => e.type === 'lessonCompleted')).toEqual([]);
  });

  it('a quiz: each answer, then the graded attempt; passing it completes the course and issues the certificate', async () => {
    const { adapter, events } = journey('course-finished-no-quiz-passed');
    await adapter.progress.get();
    expect(await adapter.certificate!.get()).toBeNull();
    const quiz = (await adapter.quizzes.list()).find((q) => q.quiz.kind === 'course')!.quiz;
    const { questions } = await adapter.quizzes.get(quiz.id);
    const attempt = await adapter.quizzes.startAttempt(quiz.id);
    for (const q of questions) {
      const result = await adapter.quizzes.answer(attempt.id, q.id, 'A');
      // Answer again correctly where A was wrong is refused; learn the key from the first answer instead.
      expect(result.question_id).toBe(q.id);
    }
    const done = await adapter.quizzes.complete(attempt.id);
    const answered = events.filter((e) => e.type === 'quizAnswered');
    expect(answered).toHaveLength(questions.length);
    expect(events.find((e) => e.type === 'quizCompleted')).toEqual({
      type: 'quizCompleted',
      quizId: quiz.id,
      quizTitle: quiz.title,
      kind: 'course',
      score: done.attempt.score,
      total: questions.length,
      percentage: done.attempt.percentage,
      passed: done.attempt.passed,
    });

    if (!done.attempt.passed) {
      // Retake with the keys the first attempt revealed.
      const keys = new Map(done.review.map((r) => [r.question_id, r.correct_answer]));
      const again = await adapter.quizzes.startAttempt(quiz.id);
      for (const q of questions) await adapter.quizzes.answer(again.id, q.id, keys.get(q.id)!);
      await adapter.quizzes.complete(again.id);
    }
    await adapter.progress.get();
    const certificate = await adapter.certificate!.get();
    expect(events.filter((e) => e.type === 'courseCompleted')).toHaveLength(1);
    expect(events.at(-1)).toEqual({ type: 'certificateIssued', code: certificate!.code });
    await adapter.certificate!.get();
    expect(events.filter((e) => e.type === 'certificateIssued')).toHaveLength(1);
  });

  it('maintenance switched on and off reaches the host; other settings changes do not', async () => {
    const { adapter, events, store } = journey();
    await adapter.settings.get();
    const stop = adapter.settings.subscribe(() => {});
    store.setSettings({ maintenance_mode: true, system_message: 'Back at 18:00' });
    store.setSettings({ system_message: 'Back at 18:30' });
    store.setSettings({ maintenance_mode: false, system_message: null });
    stop();
    expect(events).toEqual([
      { type: 'maintenanceChanged', maintenance: true, message: 'Back at 18:00' },
      { type: 'maintenanceChanged', maintenance: false, message: null },
    ]);
  });

  it('a listener that throws does not break the learner’s call', async () => {
    const store = createMemoryStore('new-learner');
    const adapter = withCourseEvents(createMemoryAdapter(store), () => {
      throw new Error('host bug');
    });
    await adapter.progress.get();
    const lessons = await adapter.course.lessons(1);
    const original = console.error;
    console.error = () => {};
    try {
      const state = await adapter.progress.setLessonCompleted(lessons[0]!.lesson_key, true);
      expect(state.summary.completedLessons).toBe(1);
    } finally {
      console.error = original;
    }
  });
});
