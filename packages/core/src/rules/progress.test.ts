import { describe, expect, it } from 'vitest';
import type { Lesson, ProgressRecord } from '../schemas/entities';
import {
  completedLessonIds,
  initialLessonIndex,
  isModuleRowOpen,
  lessonTab,
  moduleAction,
  moduleCompletionTarget,
  moduleStatus,
  percent,
  summarizeProgress,
} from './progress';

const modules = [1, 2, 3].map((id) => ({ id, order_index: id }));
// Three modules of three lessons; ids 101..103, 201..203, 301..303.
const lessons = modules.flatMap((m) =>
  [1, 2, 3].map((order) => ({
    id: m.id * 100 + order,
    module_id: m.id,
    order,
    lesson_key: `module_${m.id}_${order}_l`,
  })),
);
const quizzes = [
  { id: 1, kind: 'pre_assessment' as const },
  { id: 2, kind: 'course' as const },
];

let clock = 0;
function done(
  ...ids: number[]
): Array<Pick<ProgressRecord, 'lesson_id' | 'lesson_key' | 'module_id' | 'completed' | 'updated_at'>> {
  return ids.map((id) => {
    const l = lessons.find((x) => x.id === id)!;
    clock += 1;
    return {
      lesson_id: id,
      lesson_key: l.lesson_key,
      module_id: l.module_id,
      completed: true,
      updated_at: new Date(clock * 1000).toISOString(),
    };
  });
}
const attempt = (quiz_id: number, passed: boolean, day: number) => ({
  quiz_id,
  passed,
  completed_at: `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
});

describe('progress summary', () => {
  it('for a new learner: nothing started, module 1 next, only module 1 unlocked', () => {
    const s = summarizeProgress({ modules, lessons, records: [], quizzes, attempts: [] });
    expect(s).toMatchObject({
      totalLessons: 9,
      completedLessons: 0,
      progressPercentage: 0,
      isComplete: false,
      hasStarted: false,
      nextModuleId: 1,
      nextLessonId: 101,
      lastModuleId: null,
      courseComplete: false,
    });
    expect(s.modules.map((m) => [m.isUnlocked, m.firstLessonCompleted])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
  });

  it('next lesson is the first incomplete by module then order; percent is rounded', () => {
    const s = summarizeProgress({
      modules,
      lessons,
      records: done(101, 102, 103, 202),
      quizzes,
      attempts: [],
    });
    expect(s.nextLessonId).toBe(201);
    expect(s.nextModuleId).toBe(2);
    expect(s.progressPercentage).toBe(44); // 4 / 9 = 44.4
    expect(s.lastLessonId).toBe(202);
    expect(s.lastModuleId).toBe(2);
    expect(s.modules[1]).toMatchObject({
      completedLessons: 1,
      progressPercentage: 33,
      isUnlocked: true,
      firstLessonCompleted: true,
    });
    expect(s.modules[2]).toMatchObject({ isUnlocked: false, firstLessonCompleted: false });
  });

  it('module N unlocks only when module N-1 is at 100%, even if N has progress', () => {
    const s = summarizeProgress({ modules, lessons, records: done(101, 301), quizzes, attempts: [] });
    expect(s.modules[2]).toMatchObject({ isUnlocked: false, firstLessonCompleted: true });
    expect(isModuleRowOpen(s.modules[2]!)).toBe(true);
    expect(isModuleRowOpen(s.modules[1]!)).toBe(false);
    expect(isModuleRowOpen(s.modules[0]!)).toBe(true);
  });

  it('the course is complete only with every lesson done and a course quiz passed', () => {
    const all = done(...lessons.map((l) => l.id));
    const noQuiz = summarizeProgress({
      modules,
      lessons,
      records: all,
      quizzes,
      attempts: [attempt(1, true, 1)],
    });
    expect(noQuiz).toMatchObject({
      isComplete: true,
      courseComplete: false,
      quizPassed: false,
      nextModuleId: null,
      nextLessonId: null,
    });
    const failed = summarizeProgress({
      modules,
      lessons,
      records: all,
      quizzes,
      attempts: [attempt(2, false, 1)],
    });
    expect(failed.courseComplete).toBe(false);
    const passed = summarizeProgress({
      modules,
      lessons,
      records: all,
      quizzes,
      attempts: [attempt(2, false, 1), attempt(2, true, 2)],
    });
    expect(passed).toMatchObject({ courseComplete: true, quizPassed: true, progressPercentage: 100 });
  });

  it('a passed quiz without every lesson is not a complete course', () => {
    const s = summarizeProgress({
      modules,
      lessons,
      records: done(101),
      quizzes,
      attempts: [attempt(2, true, 1)],
    });
    expect(s).toMatchObject({ quizPassed: true, courseComplete: false });
  });

  it('the pre-assessment is passed when its latest attempt passed', () => {
    const s = summarizeProgress({
      modules,
      lessons,
      records: [],
      quizzes,
      attempts: [attempt(1, true, 1), attempt(1, false, 3)],
    });
    expect(s).toMatchObject({ hasPreAssessment: true, preAssessmentPassed: false });
    const t = summarizeProgress({
      modules,
      lessons,
      records: [],
      quizzes,
      attempts: [attempt(1, false, 1), attempt(1, true, 3)],
    });
    expect(t.preAssessmentPassed).toBe(true);
  });

  it('with no lessons nothing is complete', () => {
    const s = summarizeProgress({ modules, lessons: [], records: [], quizzes, attempts: [] });
    expect(s).toMatchObject({ isComplete: false, totalLessons: 0, progressPercentage: 0 });
  });

  it('hasStarted is true for any progress record, even one marked incomplete', () => {
    const [record] = done(101);
    const s = summarizeProgress({
      modules,
      lessons,
      records: [{ ...record!, completed: false }],
      quizzes,
      attempts: [],
    });
    expect(s).toMatchObject({ hasStarted: true, completedLessons: 0 });
  });
});

describe('progress summary with test-out', () => {
  const moduleTwo = new Set([2]);
  const summary = (
    records: ReturnType<typeof done>,
    testedOut?: ReadonlySet<number>,
    attempts: Array<ReturnType<typeof attempt>> = [],
  ) => summarizeProgress({ modules, lessons, records, quizzes, attempts, testedOut });

  it('marks the module tested out and counts none of its lessons as completed', () => {
    const s = summary([], moduleTwo);
    expect(s.modules.map((m) => m.testedOut)).toEqual([false, true, false]);
    expect(s.modules[1]).toMatchObject({ completedLessons: 0, progressPercentage: 0 });
    expect(s).toMatchObject({ completedLessons: 0, progressPercentage: 0, isComplete: false });
    // Its row is open (its lessons stay there to read); the next lesson is still module 1's.
    expect(isModuleRowOpen(s.modules[1]!)).toBe(true);
    expect(s).toMatchObject({ nextModuleId: 1, nextLessonId: 101 });
  });

  it('the next lesson passes over a module tested out of, and the module after it unlocks once module 1 is done', () => {
    const before = summary([], moduleTwo);
    expect(before.modules.map((m) => m.isUnlocked)).toEqual([true, false, false]);
    const s = summary(done(101, 102, 103), moduleTwo);
    expect(s).toMatchObject({
      nextModuleId: 3,
      nextLessonId: 301,
      completedLessons: 3,
      progressPercentage: 33,
    });
    expect(s.modules.map((m) => m.isUnlocked)).toEqual([true, true, true]);
    // Without test-out the same records leave module 3 locked and module 2 next.
    const off = summary(done(101, 102, 103));
    expect(off).toMatchObject({ nextModuleId: 2, nextLessonId: 201 });
    expect(off.modules.map((m) => [m.isUnlocked, m.testedOut])).toEqual([
      [true, false],
      [true, false],
      [false, false],
    ]);
  });

  it('counts the lessons a learner reads anyway, without calling them tested out any less', () => {
    const s = summary(done(101, 201), moduleTwo);
    expect(s.modules[1]).toMatchObject({ completedLessons: 1, progressPercentage: 33, testedOut: true });
    expect(s.completedLessons).toBe(2);
  });

  it('leaves the course complete only with the final quiz passed', () => {
    const rest = done(101, 102, 103, 301, 302, 303);
    const noQuiz = summary(rest, moduleTwo, [attempt(1, true, 1)]);
    expect(noQuiz).toMatchObject({
      isComplete: true,
      courseComplete: false,
      completedLessons: 6,
      progressPercentage: 67,
      nextModuleId: null,
      nextLessonId: null,
    });
    const passed = summary(rest, moduleTwo, [attempt(2, true, 2)]);
    expect(passed).toMatchObject({ isComplete: true, courseComplete: true, completedLessons: 6 });
    // The same records without test-out: module 2 is still to do.
    expect(summary(rest, undefined, [attempt(2, true, 2)])).toMatchObject({
      isComplete: false,
      courseComplete: false,
      nextLessonId: 201,
    });
  });

  it('ignores a tested-out id that is not a module of the course', () => {
    expect(summary(done(101), new Set([9]))).toEqual(summary(done(101)));
  });
});

describe('completed lessons are matched by stable key', () => {
  it('survive a reload that renumbers lesson ids; legacy records match by id', () => {
    const reloaded = lessons.map((l) => ({ ...l, id: l.id + 1000 }));
    const records = [
      { lesson_id: 101, lesson_key: 'module_1_1_l', module_id: 1, completed: true, updated_at: '' },
      { lesson_id: 1102, lesson_key: null, module_id: 1, completed: true, updated_at: '' },
      { lesson_id: 103, lesson_key: 'module_9_9_gone', module_id: 1, completed: true, updated_at: '' },
    ];
    expect([...completedLessonIds(reloaded, records)].sort()).toEqual([1101, 1102]);
  });
});

describe('module completion target (learner §4)', () => {
  const summaryWith = (pcts: number[]) => ({
    modules: pcts.map((p, i) => ({
      moduleId: i + 1,
      progressPercentage: p,
      totalLessons: 3,
      completedLessons: 0,
      isUnlocked: true,
      firstLessonCompleted: true,
      testedOut: false,
    })),
  });
  it('a module below 100% leads back to itself', () => {
    expect(moduleCompletionTarget(2, summaryWith([100, 67, 0]), modules)).toEqual({
      path: '/module/2',
      type: 'module',
    });
  });
  it('a finished module leads to the next module in order', () => {
    expect(moduleCompletionTarget(1, summaryWith([100, 0, 0]), modules)).toEqual({
      path: '/module/2',
      type: 'module',
    });
  });
  it('after the last module, the quizzes', () => {
    expect(moduleCompletionTarget(3, summaryWith([0, 0, 100]), modules)).toEqual({
      path: '/quizzes',
      type: 'quiz',
    });
  });
  it('a module tested out of counts as finished, and is passed over as the next one', () => {
    const testedOut = (summary: ReturnType<typeof summaryWith>, ...ids: number[]) => ({
      modules: summary.modules.map((m) => ({ ...m, testedOut: ids.includes(m.moduleId) })),
    });
    expect(moduleCompletionTarget(1, testedOut(summaryWith([100, 0, 0]), 2), modules)).toEqual({
      path: '/module/3',
      type: 'module',
    });
    expect(moduleCompletionTarget(2, testedOut(summaryWith([0, 0, 0]), 2), modules)).toEqual({
      path: '/module/3',
      type: 'module',
    });
    expect(moduleCompletionTarget(1, testedOut(summaryWith([100, 0, 0]), 2, 3), modules)).toEqual({
      path: '/quizzes',
      type: 'quiz',
    });
  });
});

describe('the lesson a module opens on (learner §4)', () => {
  const own = lessons.filter((l) => l.module_id === 1) as unknown as Lesson[];
  it('is the first incomplete one', () => {
    expect(initialLessonIndex(own, new Set([101]))).toBe(1);
    expect(initialLessonIndex(own, new Set([102]))).toBe(0);
  });
  it('or the last when all are complete', () => {
    expect(initialLessonIndex(own, new Set([101, 102, 103]))).toBe(2);
    expect(initialLessonIndex([], new Set())).toBe(0);
  });
});

describe('what tabs and module buttons stand for (the widgets choose the words)', () => {
  it('the first tab is the intro, then lesson N by index', () => {
    expect([0, 1, 4].map(lessonTab)).toEqual([
      { kind: 'intro' },
      { kind: 'lesson', n: 1 },
      { kind: 'lesson', n: 4 },
    ]);
  });
  it('module buttons: 0 start, between continue, 100 complete', () => {
    expect([0, 1, 99, 100].map((p) => moduleAction(p))).toEqual([
      'start',
      'continue',
      'continue',
      'complete',
    ]);
  });
  it('a module tested out of leads on, whatever its percent', () => {
    expect([0, 40, 100].map((p) => moduleAction(p, true))).toEqual(['complete', 'complete', 'complete']);
  });
  it('module badges: complete at 100, else tested out when tested out of, else in progress', () => {
    const status = (progressPercentage: number, testedOut: boolean) =>
      moduleStatus({ progressPercentage, testedOut });
    expect([status(100, false), status(100, true), status(40, true), status(0, false)]).toEqual([
      'complete',
      'complete',
      'testedOut',
      'inProgress',
    ]);
  });
  it('percent rounds and guards against zero', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(0, 0)).toBe(0);
  });
});
