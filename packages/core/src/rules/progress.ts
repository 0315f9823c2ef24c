import type { CompletionTarget, ModuleProgress, ProgressSummary } from '../schemas/derived';
import type { Lesson, Module, ProgressRecord, Quiz, QuizAttempt } from '../schemas/entities';
import { latestAttempt } from './quiz';

/** Rounded percent, 0 when there is nothing to count (learner §3, admin §4). */
export function percent(done: number, total: number): number {
  return total > 0 ? Math.round((done / total) * 100) : 0;
}

/** Just what the progress rules read of a lesson. */
export type LessonRef = Pick<Lesson, 'id' | 'lesson_key' | 'module_id' | 'order'>;
/** Just what the progress rules read of a progress record. */
export type ProgressRef = Pick<
  ProgressRecord,
  'lesson_id' | 'lesson_key' | 'module_id' | 'completed' | 'updated_at'
>;
export type AttemptRef = Pick<QuizAttempt, 'quiz_id' | 'passed' | 'completed_at'>;

export interface ProgressInput {
  modules: ReadonlyArray<Pick<Module, 'id' | 'order_index'>>;
  /** The active lessons. */
  lessons: ReadonlyArray<LessonRef>;
  records: ReadonlyArray<ProgressRef>;
  quizzes: ReadonlyArray<Pick<Quiz, 'id' | 'kind'>>;
  /** Completed attempts of this learner. */
  attempts: ReadonlyArray<AttemptRef>;
  /**
   * The modules the learner tested out of (testedOutModules; none when absent): their lessons count
   * as done for unlocking, the next lesson, completion targets and course completion, but never as
   * completed lessons.
   */
  testedOut?: ReadonlySet<number>;
}

/** Lessons in course order: by module order, then lesson order. */
export function sortLessons<T extends LessonRef>(
  lessons: ReadonlyArray<T>,
  modules: ReadonlyArray<Pick<Module, 'id' | 'order_index'>>,
): T[] {
  const moduleOrder = new Map(modules.map((m) => [m.id, m.order_index]));
  const rank = (l: LessonRef) => moduleOrder.get(l.module_id) ?? l.module_id;
  return [...lessons].sort((a, b) => rank(a) - rank(b) || a.order - b.order || a.id - b.id);
}

/**
 * Which lessons a learner has completed. Records are matched by stable lesson key, so progress
 * survives a content reload that renumbers lesson ids; legacy records without a key match by id.
 */
export function completedLessonIds(
  lessons: ReadonlyArray<LessonRef>,
  records: ReadonlyArray<ProgressRef>,
): Set<number> {
  const keys = new Set<string>();
  const ids = new Set<number>();
  for (const r of records) {
    if (!r.completed) continue;
    if (r.lesson_key) keys.add(r.lesson_key);
    else if (r.lesson_id !== null) ids.add(r.lesson_id);
  }
  return new Set(lessons.filter((l) => keys.has(l.lesson_key) || ids.has(l.id)).map((l) => l.id));
}

/** The progress summary of learner §3 and admin §3–§4, computed the same way everywhere. */
export function summarizeProgress(input: ProgressInput): ProgressSummary {
  const modules = [...input.modules].sort((a, b) => a.order_index - b.order_index);
  const lessons = sortLessons(input.lessons, modules);
  const done = completedLessonIds(lessons, input.records);
  const testedOut = input.testedOut ?? new Set<number>();
  // What unlocking, the next lesson and completion go by: completed, or in a module tested out of.
  // The counts and percentages below stay those of completed lessons: nothing is invented.
  const settled = (l: LessonRef) => done.has(l.id) || testedOut.has(l.module_id);

  const moduleProgress: ModuleProgress[] = [];
  let previousSettled = true;
  modules.forEach((m, index) => {
    const own = lessons.filter((l) => l.module_id === m.id);
    const completed = own.filter((l) => done.has(l.id)).length;
    const progressPercentage = percent(completed, own.length);
    const isTestedOut = testedOut.has(m.id);
    const isUnlocked = index === 0 || previousSettled;
    moduleProgress.push({
      moduleId: m.id,
      totalLessons: own.length,
      completedLessons: completed,
      progressPercentage,
      isUnlocked,
      // A module tested out of shows its row open: its lessons stay there to read.
      firstLessonCompleted: opensModuleRow(index, completed) || isTestedOut,
      testedOut: isTestedOut,
    });
    // Testing out skips a module, not the ones before it: a module tested out of unlocks the next
    // only once it is unlocked itself (module 1 done, module 2 tested out: module 3 opens).
    previousSettled = progressPercentage === 100 || (isTestedOut && isUnlocked);
  });

  const next = lessons.find((l) => !settled(l)) ?? null;
  const latestRecord = [...input.records]
    .filter((r) => r.completed)
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
  const lastLesson = latestRecord
    ? lessons.find((l) => l.lesson_key === latestRecord.lesson_key || l.id === latestRecord.lesson_id)
    : undefined;

  const kindOf = new Map(input.quizzes.map((q) => [q.id, q.kind]));
  const courseAttempts = input.attempts.filter((a) => kindOf.get(a.quiz_id) === 'course');
  const preAttempts = input.attempts.filter((a) => kindOf.get(a.quiz_id) === 'pre_assessment');
  const quizPassed = courseAttempts.some((a) => a.passed);
  const isComplete = lessons.length > 0 && lessons.every(settled);

  return {
    totalLessons: lessons.length,
    completedLessons: done.size,
    progressPercentage: percent(done.size, lessons.length),
    isComplete,
    hasStarted: input.records.length > 0,
    lastModuleId: lastLesson?.module_id ?? latestRecord?.module_id ?? null,
    lastLessonId: lastLesson?.id ?? null,
    nextModuleId: next?.module_id ?? null,
    nextLessonId: next?.id ?? null,
    // Test-out never stands in for the final quiz: the course (and its certificate) still needs it.
    courseComplete: isComplete && quizPassed,
    quizPassed,
    hasPreAssessment: preAttempts.length > 0,
    preAssessmentPassed: latestAttempt(preAttempts)?.passed ?? false,
    modules: moduleProgress,
  };
}

/**
 * The progress screen's rule for an open module row (DESIGN decision 9, admin §3): the first module,
 * or any of its lessons complete. Learner module pages themselves never lock. The summary carries
 * the answer under the spec's wire name `firstLessonCompleted` (learner §3, admin §3), which says
 * less than it means; widgets read it through isModuleRowOpen.
 */
function opensModuleRow(position: number, completedLessons: number): boolean {
  return position === 0 || completedLessons > 0;
}

/** Whether the progress screen shows this module's row open (see opensModuleRow). */
export function isModuleRowOpen(progress: Pick<ModuleProgress, 'firstLessonCompleted'>): boolean {
  return progress.firstLessonCompleted;
}

/**
 * getModuleCompletionTarget (learner §4/§7): a module below 100% leads back to itself; a finished
 * one to the next module in order; after the last module, to the quizzes. A module tested out of
 * counts as finished, and is passed over as the next one (as the next lesson passes over it).
 */
export function moduleCompletionTarget(
  moduleId: number,
  summary: Pick<ProgressSummary, 'modules'>,
  modules: ReadonlyArray<Pick<Module, 'id' | 'order_index'>>,
): CompletionTarget {
  const progressOf = (id: number) => summary.modules.find((m) => m.moduleId === id);
  const progress = progressOf(moduleId);
  if (!progress || (progress.progressPercentage < 100 && !progress.testedOut)) {
    return { path: `/module/${moduleId}`, type: 'module' };
  }
  const ordered = [...modules].sort((a, b) => a.order_index - b.order_index);
  const next = ordered
    .slice(ordered.findIndex((m) => m.id === moduleId) + 1)
    .find((m) => !progressOf(m.id)?.testedOut);
  return next ? { path: `/module/${next.id}`, type: 'module' } : { path: '/quizzes', type: 'quiz' };
}

/** learner §4: the lesson a module page opens on — the first incomplete one, else the last. */
export function initialLessonIndex(
  lessons: ReadonlyArray<LessonRef>,
  completed: ReadonlySet<number>,
): number {
  if (lessons.length === 0) return 0;
  const firstOpen = lessons.findIndex((l) => !completed.has(l.id));
  return firstOpen === -1 ? lessons.length - 1 : firstOpen;
}

/** What a lesson tab stands for; the widget's string catalogue says it in the host's words. */
export type LessonTab = { kind: 'intro' } | { kind: 'lesson'; n: number };

/** learner §2: the tab at index 0 is the module's intro, every later tab lesson N (N = its index). */
export function lessonTab(index: number): LessonTab {
  return index === 0 ? { kind: 'intro' } : { kind: 'lesson', n: index };
}

/** What a module row's button does; the widget's string catalogue says it in the host's words. */
export type ModuleAction = 'start' | 'continue' | 'complete';

/**
 * learner §2/§4: the module row's button at a percent: start at 0, continue below 100, complete at
 * 100. A module tested out of leads on as a complete one does ('complete': to its completion target).
 */
export function moduleAction(progressPercentage: number, testedOut = false): ModuleAction {
  if (progressPercentage >= 100 || testedOut) return 'complete';
  return progressPercentage <= 0 ? 'start' : 'continue';
}

/** What a module's badge says; the widget's string catalogue says it in the host's words. */
export type ModuleStatus = 'complete' | 'testedOut' | 'inProgress';

/**
 * A module's badge: complete at 100%; below that, tested out when the learner tested out of it
 * (never shown as complete: its lessons were not read); otherwise in progress.
 */
export function moduleStatus(
  progress: Pick<ModuleProgress, 'progressPercentage' | 'testedOut'>,
): ModuleStatus {
  if (progress.progressPercentage >= 100) return 'complete';
  return progress.testedOut ? 'testedOut' : 'inProgress';
}
