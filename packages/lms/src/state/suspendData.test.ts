import { seededRandom } from '@coursekit/core';
import { describe, expect, it } from 'vitest';
import { createPackageAdapter } from '../adapter/createPackageAdapter';
import { createMemoryRuntime, type MemoryLmsRecord } from '../runtime/memoryRuntime';
import { completeAllLessons, passingCount, takeQuiz } from '../test/journey';
import { seedBundle } from '../test/seedBundle';
import { KEPT_ATTEMPTS_PER_QUIZ } from './createCourseState';
import { decodeSuspendData, encodeSuspendData, SUSPEND_DATA_LIMIT, SuspendDataError } from './suspendData';

const bundle = seedBundle();
const open = (record: MemoryLmsRecord) =>
  createPackageAdapter({ bundle, runtime: createMemoryRuntime(record), baseUrl: 'https://lms.example/pkg/' });

/** The whole course done: every lesson, the pre-assessment and the final quiz taken `times` times each. */
async function everythingDone(times: number) {
  const record: MemoryLmsRecord = { learner: { id: 'ana', name: 'Silva, Ana' } };
  const adapter = open(record);
  await completeAllLessons(adapter);
  const pass = passingCount(bundle, 'course');
  for (let i = 0; i < times; i++) {
    await takeQuiz(adapter, bundle, 'pre_assessment', i % 4);
    // the final quiz failed, then passed, then failed and passed again…
    await takeQuiz(adapter, bundle, 'course', i % 2 === 0 ? pass - 1 : pass + (i % 3));
  }
  return { adapter, record };
}

describe('suspend data', () => {
  it('holds the whole course done, each quiz taken 6 times, well under SCORM 1.2’s 4,096 characters', async () => {
    const { record } = await everythingDone(6);
    expect(record.suspendData!.length).toBeLessThan(SUSPEND_DATA_LIMIT);
    // every lesson and all twelve attempts are in it, in full
    const { state } = decodeSuspendData(bundle, record.suspendData!);
    expect(state.lessons).toHaveLength(bundle.lessons.length);
    expect(state.attempts).toHaveLength(12);
  });

  it(`keeps the newest ${KEPT_ATTEMPTS_PER_QUIZ} attempts and the best of each quiz in full, and counts the rest`, async () => {
    const { adapter, record } = await everythingDone(30);
    expect(record.suspendData!.length).toBeLessThan(SUSPEND_DATA_LIMIT);
    const reopened = open({ ...record });
    const cards = await reopened.quizzes.list();
    expect(cards.map((c) => c.summary.totalAttempts)).toEqual([30, 30]);
    expect(cards).toEqual(await adapter.quizzes.list());
    const final = cards.find((c) => c.quiz.kind === 'course')!;
    expect(final.summary.passed).toBe(true);
    expect(await reopened.quizzes.attempts(final.quiz.id)).toHaveLength(KEPT_ATTEMPTS_PER_QUIZ + 1);
  });

  it('gives up the oldest attempts that are not a quiz’s best when a history would not fit', async () => {
    const { record } = await everythingDone(6);
    const { state } = decodeSuspendData(bundle, record.suspendData!);
    const text = encodeSuspendData(bundle, state, 600);
    expect(text.length).toBeLessThanOrEqual(600);
    const squeezed = decodeSuspendData(bundle, text).state;
    expect(squeezed.lessons).toEqual(state.lessons);
    const best = (key: string, list: typeof state.attempts) =>
      Math.max(...list.filter((a) => a.quizKey === key).map((a) => a.score));
    expect(best('course.0', squeezed.attempts)).toBe(best('course.0', state.attempts));
    const counted = (s: typeof state) =>
      s.attempts.filter((a) => a.quizKey === 'course.0').length + (s.earlierAttempts['course.0'] ?? 0);
    expect(counted(squeezed)).toBe(6);
  });

  it('carries state saved by an older version of the course over, lesson by lesson key', async () => {
    const { record } = await everythingDone(1);
    const [first, ...rest] = bundle.lessons;
    const newer = { ...bundle, course: { ...bundle.course, version: 'newer-course' }, lessons: rest };
    const { state, sameVersion } = decodeSuspendData(newer, record.suspendData!);
    expect(sameVersion).toBe(false);
    expect(state.lessons.map((l) => l.key)).not.toContain(first!.lesson_key);
    expect(state.lessons).toHaveLength(rest.length);
    expect(state.attempts).toHaveLength(2);
  });

  it('refuses text it cannot read with a reason, never a crash', () => {
    const read = (text: string) => {
      try {
        decodeSuspendData(bundle, text);
        return 'read';
      } catch (error) {
        return error instanceof SuspendDataError ? error.reason : 'crashed';
      }
    };
    expect(read('{"lessons":[1,2,3]}')).toBe('older-format');
    expect(read('ck1~v~abc~')).toBe('unreadable');
    expect(read('ck1~v~~c0:0:zzzz')).toBe('unreadable');
    expect(read('ck1~v~~x9:0:')).toBe('unreadable');
  });

  it('keeps a drawn, shuffled attempt as it was shown: the same questions and option orders after a relaunch', async () => {
    // The final quiz draws 3 of its questions with options shuffled.
    const banked = seedBundle();
    const final = banked.quizzes.find((q) => q.quiz.kind === 'course')!;
    final.bank = { draw: 3, shuffle_options: true };
    final.quiz.total_questions = 3;
    const record: MemoryLmsRecord = { learner: { id: 'ana', name: 'Silva, Ana' } };
    const launch = () =>
      createPackageAdapter({
        bundle: banked,
        runtime: createMemoryRuntime(record),
        baseUrl: 'https://lms.example/pkg/',
        random: seededRandom(4),
      });
    const adapter = launch();
    const attempt = await adapter.quizzes.startAttempt(final.quiz.id);
    expect(attempt.questions).toHaveLength(3);
    for (const q of attempt.questions!) await adapter.quizzes.answer(attempt.id, q.id, q.options![0]!.id);
    const done = await adapter.quizzes.complete(attempt.id);
    expect(done.review.some((r) => r.options!.map((o) => o.id).join('') !== 'ABCD')).toBe(true);
    await adapter.lms.finish();

    const [again] = await launch().quizzes.attempts(final.quiz.id);
    expect(again!.review).toEqual(done.review);
    expect(again!.attempt.score).toBe(done.attempt.score);
  });

  it('reads an attempt saved without option orders (before question banks) as shown A-D', () => {
    const text = encodeSuspendData(bundle, {
      lessons: [],
      attempts: [
        {
          quizKey: 'course.0',
          startedAt: '2026-01-01T10:00:00.000Z',
          completedAt: '2026-01-01T10:10:00.000Z',
          answers: { 1: 'A', 2: 'B' },
          score: 1,
          total: 2,
          passed: false,
        },
      ],
      earlierAttempts: {},
    });
    expect(text.endsWith('.ab')).toBe(true);
    const [kept] = decodeSuspendData(bundle, text).state.attempts;
    expect(kept!.orders).toBeUndefined();
    const withOrders = encodeSuspendData(bundle, {
      lessons: [],
      attempts: [{ ...kept!, orders: { 2: 'DCBA' } }],
      earlierAttempts: {},
    });
    expect(decodeSuspendData(bundle, withOrders).state.attempts[0]!.orders).toEqual({ 2: 'DCBA' });
  });
});
