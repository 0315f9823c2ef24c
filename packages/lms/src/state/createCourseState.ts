import {
  type AnswerLetter,
  type AnswerResult,
  type AttemptStorage,
  type CompletedAttempt,
  type CourseBundle,
  CourseError,
  createAttemptFlow,
  DRAW_ALL,
  type DrawnQuestion,
  type Lesson,
  lessonDoesNotExist,
  type Module,
  messages,
  moduleDoesNotExist,
  type ProgressState,
  type QuizAttempt,
  type QuizListItem,
  type QuizWithQuestions,
  summarizeProgress,
} from '@coursekit/core';
import { fromKept, toKept } from './keptAttempts';
import { emptyLearnerState, type KeptAttempt, type LearnerState } from './learnerState';
import { packageQuizzes } from './packagedQuizzes';
import { progressRecords } from './progressRecords';

export type { PackagedQuiz } from './packagedQuizzes';

/** Completed attempts kept in full per quiz (the best one is always kept too); older ones only count. */
export const KEPT_ATTEMPTS_PER_QUIZ = 20;

export interface CourseStateOptions {
  /** The LMS's id of the learner; it becomes the user id of records and attempts. */
  learnerId: string;
  /**
   * The LMS's passing score for the judged quiz, scaled 0..1 (SCORM mastery score, cmi5
   * masteryScore). When given it replaces the course's own, so the learner sees the bar the LMS holds.
   */
  masteryScore?: number | null;
  now?: () => Date;
  /** Where draws and option orders come from (core's RandomSource); Math.random when absent. */
  random?: () => number;
}

/**
 * The learner's course inside a package: the bundle's course and the learner's state, answering
 * what the API answers (same shapes, same errors) with core's rules — the progress summary, the
 * grading and the quiz summaries are computed exactly as the server computes them.
 */
export type CourseState = ReturnType<typeof createCourseState>;

export function createCourseState(bundle: CourseBundle, options: CourseStateOptions) {
  const clock = options.now ?? (() => new Date());
  // To the second: what the learner sees now is what comes back from the saved state later.
  const now = () => new Date(Math.floor(clock().getTime() / 1000) * 1000);
  const userId = options.learnerId;
  const { quizzes, judged } = packageQuizzes(bundle, options.masteryScore);
  const random = options.random ?? Math.random;
  /** What each attempt drew, by attempt id; absent: every question of its quiz, A-D. */
  const draws = new Map<number, DrawnQuestion[]>();

  let state: LearnerState = emptyLearnerState();
  let attempts: QuizAttempt[] = [];
  let nextAttemptId = 1;

  const quizById = (quizId: number) => {
    const found = quizzes.find((q) => q.quiz.id === quizId);
    if (!found || found.questions.length === 0) throw new CourseError('not_found', messages.quizNotFound);
    return found;
  };
  const quizByKey = (key: string) => quizzes.find((q) => q.key === key);
  /** Every question of the package, by id (a package holds one version of each). */
  const questionById = new Map(
    quizzes.flatMap((q) => q.questions.map((question) => [question.id, question])),
  );

  // What core's attempt flow stores and reads here: the bundle's quizzes and this session's attempts.
  const storage: AttemptStorage = {
    quiz: (quizId) => quizzes.find((q) => q.quiz.id === quizId)?.quiz,
    quizzes: () =>
      [...quizzes].map((q) => q.quiz).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id),
    bank: (quizId) =>
      (quizzes.find((q) => q.quiz.id === quizId)?.questions ?? []).map((q) => ({ id: q.id, version: 1 })),
    bankSettings: (quizId) => {
      // A bundle exported before banks carries none: every question, A-D.
      const bank = quizzes.find((q) => q.quiz.id === quizId)?.bank;
      return bank ? { draw: bank.draw, shuffleOptions: bank.shuffle_options } : DRAW_ALL;
    },
    questionVersion: (questionId) => questionById.get(questionId),
    insertAttempt(attempt, draw) {
      const stored: QuizAttempt = { id: nextAttemptId++, ...attempt };
      attempts.push(stored);
      draws.set(stored.id, [...draw]);
      return stored;
    },
    attempt: (learner, attemptId) => attempts.find((a) => a.id === attemptId && a.user_id === learner),
    draw: (attemptId) => draws.get(attemptId),
    saveAnswer(attempt, questionId, answer) {
      attempt.answers[String(questionId)] = answer;
    },
    saveCompleted: (attempt, grade) => Object.assign(attempt, grade),
    completedAttempts: () => completedAttempts(),
    testOutScores: () =>
      bundle.modules.map((m) => ({
        id: m.id,
        test_out_score: bundle.test_out?.find((t) => t.module_id === m.id)?.score ?? null,
      })),
    moduleQuestions: () => [...questionById.values()],
  };
  const flow = createAttemptFlow(storage, { now: () => now().toISOString(), random });

  function fromSaved(saved: KeptAttempt): QuizAttempt | null {
    const quiz = quizByKey(saved.quizKey);
    if (!quiz) return null;
    const { attempt, draw } = fromKept(saved, quiz, nextAttemptId++, userId);
    draws.set(attempt.id, draw);
    return attempt;
  }

  const toSaved = (attempt: QuizAttempt): KeptAttempt =>
    toKept(attempt, quizById(attempt.quiz_id), draws.get(attempt.id));

  const completedAttempts = () => attempts.filter((a) => a.completed_at !== null);

  /** Keeps the newest attempts of a quiz and its best one; older ones only add to its count. */
  function retain(quizId: number) {
    const own = completedAttempts().filter((a) => a.quiz_id === quizId);
    if (own.length <= KEPT_ATTEMPTS_PER_QUIZ) return;
    const best = own.reduce((top, a) => (a.percentage > top.percentage ? a : top));
    const newest = new Set(own.slice(-KEPT_ATTEMPTS_PER_QUIZ));
    const dropped = own.filter((a) => !newest.has(a) && a !== best);
    attempts = attempts.filter((a) => !dropped.includes(a));
    const key = quizById(quizId).key;
    state.earlierAttempts[key] = (state.earlierAttempts[key] ?? 0) + dropped.length;
  }

  const lessonByKey = (key: string) => bundle.lessons.find((l) => l.lesson_key === key);

  function progress(): ProgressState {
    const list = progressRecords(bundle, state.lessons, userId);
    return {
      records: list,
      summary: summarizeProgress({
        modules: bundle.modules,
        lessons: bundle.lessons,
        records: list,
        quizzes: quizzes.map((q) => q.quiz),
        attempts: completedAttempts(),
        // The modules the learner tested out of, as on the API (none unless the bundle says so).
        testedOut: flow.testedOut(userId),
      }),
    };
  }

  const moduleOrFail = (moduleId: number) => {
    if (!bundle.modules.some((m) => m.id === moduleId)) {
      throw new CourseError('not_found', moduleDoesNotExist(moduleId));
    }
  };

  return {
    bundle,
    quizzes,
    judged,

    /** Replaces the learner's state (a resumed session); attempts in progress are dropped. */
    load(saved: LearnerState) {
      state = {
        lessons: saved.lessons.filter((l) => lessonByKey(l.key)),
        attempts: [],
        earlierAttempts: { ...saved.earlierAttempts },
      };
      nextAttemptId = 1;
      attempts = saved.attempts.flatMap((kept) => fromSaved(kept) ?? []);
    },
    /** What to save: completed lessons and completed attempts. */
    snapshot(): LearnerState {
      return {
        lessons: state.lessons.map((l) => ({ ...l })),
        attempts: completedAttempts().map(toSaved),
        earlierAttempts: { ...state.earlierAttempts },
      };
    },

    modules(): Module[] {
      return bundle.modules.map((m) => ({ ...m }));
    },
    lessons(moduleId: number): Lesson[] {
      moduleOrFail(moduleId);
      return bundle.lessons.filter((l) => l.module_id === moduleId).map((l) => ({ ...l }));
    },

    progress,
    setLessonCompleted(key: string, completed: boolean): ProgressState {
      if (!lessonByKey(key)) throw new CourseError('not_found', lessonDoesNotExist(key));
      const done = state.lessons.some((l) => l.key === key);
      if (completed && !done) state.lessons.push({ key, at: now().toISOString() });
      if (!completed && done) state.lessons = state.lessons.filter((l) => l.key !== key);
      return progress();
    },
    reset(): ProgressState {
      state = emptyLearnerState();
      attempts = [];
      return progress();
    },
    resetModule(moduleId: number): ProgressState {
      moduleOrFail(moduleId);
      state.lessons = state.lessons.filter((l) => lessonByKey(l.key)?.module_id !== moduleId);
      return progress();
    },

    /** The quizzes with the learner's summaries; attempts no longer kept still count. */
    quizList(): QuizListItem[] {
      return flow.list(userId).map(({ quiz, summary }) => {
        const earlier = state.earlierAttempts[quizById(quiz.id).key] ?? 0;
        return { quiz, summary: { ...summary, totalAttempts: summary.totalAttempts + earlier } };
      });
    },
    quiz: (quizId: number): QuizWithQuestions => flow.quiz(quizId),
    // Core's attempt flow, as the API and the mocks run it.
    startAttempt: (quizId: number): QuizAttempt => flow.start(userId, quizId),
    answer: (attemptId: number, questionId: number, letter: AnswerLetter): AnswerResult =>
      flow.answer(userId, attemptId, questionId, letter),
    complete(attemptId: number, sent?: Record<string, AnswerLetter>): CompletedAttempt {
      const done = flow.complete(userId, attemptId, sent);
      retain(done.attempt.quiz_id);
      return done;
    },
    attempts: (quizId: number): CompletedAttempt[] => flow.attempts(userId, quizId),
    /** The completed attempts, oldest first (for the LMS report). */
    completedAttempts,
    /** An attempt of this session, completed or not. */
    findAttempt: (attemptId: number): QuizAttempt | undefined => attempts.find((a) => a.id === attemptId),
  };
}
