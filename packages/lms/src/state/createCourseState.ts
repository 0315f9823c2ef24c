import {
  type AnswerLetter,
  type AnswerResult,
  type AttemptStorage,
  type BundleQuestion,
  type BundleQuizBank,
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
  type ProgressRecord,
  type ProgressState,
  type Quiz,
  type QuizAttempt,
  type QuizListItem,
  type QuizWithQuestions,
  type StoredAnswer,
  selectedLetter,
  summarizeProgress,
} from '@coursekit/core';
import { emptyLearnerState, type KeptAttempt, type LearnerState } from './learnerState';

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

export interface PackagedQuiz {
  /** Stable across exports: the quiz's kind and its place among quizzes of that kind. */
  key: string;
  quiz: Quiz;
  questions: BundleQuestion[];
  /** How the quiz draws from its bank (absent: every question, A-D). */
  bank?: BundleQuizBank | undefined;
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
  const seen: Record<string, number> = {};
  const quizzes: PackagedQuiz[] = bundle.quizzes.map(({ quiz, questions, bank }) => {
    const index = seen[quiz.kind] ?? 0;
    seen[quiz.kind] = index + 1;
    return { key: `${quiz.kind}.${index}`, quiz, questions, bank };
  });
  const random = options.random ?? Math.random;
  /** What each attempt drew, by attempt id; absent: every question of its quiz, A-D. */
  const draws = new Map<number, DrawnQuestion[]>();
  /** The quiz whose result the LMS records: the course's (first) final quiz. */
  const judged = quizzes.find((q) => q.quiz.kind === 'course');
  const mastery = options.masteryScore;
  if (judged && typeof mastery === 'number' && mastery >= 0 && mastery <= 1) {
    judged.quiz = { ...judged.quiz, passing_score: Math.round(mastery * 10000) / 100 };
  }

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

  function storedAnswer(quiz: PackagedQuiz, question: BundleQuestion, letter: AnswerLetter): StoredAnswer {
    // learner §3: pre-assessment answers are stored as { selected, correct, isCorrect }.
    return quiz.quiz.kind === 'pre_assessment'
      ? { selected: letter, correct: question.correct_answer, isCorrect: letter === question.correct_answer }
      : letter;
  }

  function fromKept(kept: KeptAttempt): QuizAttempt | null {
    const quiz = quizByKey(kept.quizKey);
    if (!quiz) return null;
    const answers: Record<string, StoredAnswer> = {};
    for (const q of quiz.questions) {
      const letter = kept.answers[q.question_number];
      if (letter) answers[String(q.id)] = storedAnswer(quiz, q, letter);
    }
    const id = nextAttemptId++;
    const drawn = quiz.bank?.draw
      ? quiz.questions.filter((q) => kept.answers[q.question_number])
      : quiz.questions;
    draws.set(
      id,
      drawn.map((q) => ({
        question_id: q.id,
        version: 1,
        options: (kept.orders?.[q.question_number]?.split('') as AnswerLetter[] | undefined) ?? [
          'A',
          'B',
          'C',
          'D',
        ],
      })),
    );
    return {
      id,
      user_id: userId,
      quiz_id: quiz.quiz.id,
      score: kept.score,
      total_questions: kept.total,
      percentage: kept.total > 0 ? (kept.score / kept.total) * 100 : 0,
      passed: kept.passed,
      answers,
      started_at: kept.startedAt,
      completed_at: kept.completedAt,
    };
  }

  function toKept(attempt: QuizAttempt): KeptAttempt {
    const quiz = quizById(attempt.quiz_id);
    const answers: Record<number, AnswerLetter> = {};
    for (const q of quiz.questions) {
      const letter = selectedLetter(attempt.answers[String(q.id)]);
      if (letter) answers[q.question_number] = letter;
    }
    const shuffled = (draws.get(attempt.id) ?? []).filter((d) => d.options.join('') !== 'ABCD');
    const numberOf = (questionId: number) => quiz.questions.find((q) => q.id === questionId)!.question_number;
    return {
      quizKey: quiz.key,
      startedAt: attempt.started_at,
      completedAt: attempt.completed_at!,
      answers,
      ...(shuffled.length > 0
        ? { orders: Object.fromEntries(shuffled.map((d) => [numberOf(d.question_id), d.options.join('')])) }
        : {}),
      score: attempt.score,
      total: attempt.total_questions,
      passed: attempt.passed,
    };
  }

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

  function records(): ProgressRecord[] {
    return state.lessons.flatMap(({ key, at }, index) => {
      const lesson = lessonByKey(key);
      if (!lesson) return [];
      return [
        {
          id: index + 1,
          user_id: userId,
          lesson_id: lesson.id,
          lesson_key: key,
          module_id: lesson.module_id,
          completed: true,
          lesson_order: lesson.order,
          tracking_method: 'stable' as const,
          updated_at: at,
        },
      ];
    });
  }

  function progress(): ProgressState {
    const list = records();
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
      attempts = saved.attempts.flatMap((kept) => fromKept(kept) ?? []);
    },
    /** What to save: completed lessons and completed attempts. */
    snapshot(): LearnerState {
      return {
        lessons: state.lessons.map((l) => ({ ...l })),
        attempts: completedAttempts().map(toKept),
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
