import type { AnalyticsReport, QuizDifficulty } from '../schemas/analytics';
import type {
  Module,
  ProgressRecord,
  Quiz,
  QuizAttempt,
  QuizQuestionWithKey,
  Role,
} from '../schemas/entities';
import {
  median,
  type ProgressCsvRow,
  round1,
  scoreGroup,
  shareCorrect,
  shortQuestionText,
} from './analytics';
import { completedLessonIds, type LessonRef, percent } from './progress';
import { selectedLetter } from './quiz';
import { byCodePoint } from './userList';

// The Analytics tab's figures (DESIGN decision 10) and the progress CSV, defined once over plain
// data. The mocks compute them with these functions; the API computes the same definitions in SQL
// over 10,000 learners (api/src/admin/analytics*.ts), and the admin conformance suite checks the
// two agree. The definitions:
//
// - A learner is an account without the admin role (admins trying the course would skew it).
// - A lesson counts once per learner when an active lesson's completed record matches it, by
//   lesson key or, for a legacy record without a key, by lesson id (completedLessonIds).
// - Only completed attempts count, and only learners' attempts.
// - The report's pre-assessment score is a learner's FIRST completed attempt (what they knew
//   before the course); the CSV's is the LATEST (the admin user-progress page's card).
// - The final score is the best attempt of each course quiz a learner took, averaged over those
//   quizzes; passed when each of them has a passing attempt. The CSV's best is the best course-quiz
//   attempt, passed when any course-quiz attempt passed (admin §4's quiz summary).
// - Learners in the CSV come oldest account first.

/** Everything the figures are computed from. */
export interface AnalyticsData {
  accounts: ReadonlyArray<{
    id: string;
    email: string | null;
    /** The profile's name, else the sign-up name (the API's `coalesce(display_name, name)`). */
    display_name: string | null;
    created_at: string;
    roles: readonly Role[];
  }>;
  modules: ReadonlyArray<Pick<Module, 'id' | 'name' | 'order_index'>>;
  /** The active lessons. */
  lessons: ReadonlyArray<LessonRef>;
  progress: ReadonlyArray<ProgressRecord>;
  quizzes: ReadonlyArray<Pick<Quiz, 'id' | 'kind' | 'title' | 'created_at'>>;
  questions: ReadonlyArray<
    Pick<QuizQuestionWithKey, 'id' | 'quiz_id' | 'question_number' | 'question_text' | 'correct_answer'>
  >;
  attempts: ReadonlyArray<QuizAttempt>;
}

type Account = AnalyticsData['accounts'][number];

const learnersOf = (data: AnalyticsData): Account[] =>
  data.accounts
    .filter((a) => !a.roles.includes('admin'))
    .sort((a, b) => byCodePoint(a.created_at, b.created_at) || byCodePoint(a.id, b.id));

const byCompletion = (a: QuizAttempt, b: QuizAttempt) =>
  byCodePoint(a.completed_at ?? '', b.completed_at ?? '') || a.id - b.id;

function moduleTotals(data: AnalyticsData): Map<number, number> {
  const totals = new Map<number, number>();
  for (const l of data.lessons) totals.set(l.module_id, (totals.get(l.module_id) ?? 0) + 1);
  return totals;
}

/** One learner's completed lessons (per module too) and completed attempts, oldest first. */
function perLearner(data: AnalyticsData, userId: string) {
  const records = data.progress.filter((r) => r.user_id === userId);
  const done = completedLessonIds(data.lessons, records);
  const doneByModule = new Map<number, number>();
  for (const l of data.lessons)
    if (done.has(l.id)) doneByModule.set(l.module_id, (doneByModule.get(l.module_id) ?? 0) + 1);
  const attempts = data.attempts
    .filter((a) => a.user_id === userId && a.completed_at !== null)
    .sort(byCompletion);
  return { records, done, doneByModule, attempts };
}

/** A learner's final score: the best attempt of each course quiz they took, averaged. */
function finalScore(data: AnalyticsData, attempts: QuizAttempt[]) {
  const bests = data.quizzes
    .filter((q) => q.kind === 'course')
    .flatMap((quiz) => {
      const own = attempts.filter((a) => a.quiz_id === quiz.id);
      if (own.length === 0) return [];
      return [{ best: Math.max(...own.map((a) => a.percentage)), passed: own.some((a) => a.passed) }];
    });
  if (bests.length === 0) return null;
  return {
    percentage: bests.reduce((sum, b) => sum + b.best, 0) / bests.length,
    passed: bests.every((b) => b.passed),
  };
}

/** Share correct per question of every quiz, over learners' completed attempts. */
function difficulty(data: AnalyticsData, learnerIds: Set<string>): QuizDifficulty[] {
  const attempts = data.attempts.filter((a) => a.completed_at !== null && learnerIds.has(a.user_id));
  return [...data.quizzes]
    .sort((a, b) => byCodePoint(a.created_at, b.created_at) || a.id - b.id)
    .flatMap((quiz) => {
      const questions = data.questions
        .filter((q) => q.quiz_id === quiz.id)
        .sort((a, b) => a.question_number - b.question_number);
      if (questions.length === 0) return [];
      const own = attempts.filter((a) => a.quiz_id === quiz.id);
      return [
        {
          quizId: quiz.id,
          kind: quiz.kind,
          title: quiz.title,
          attempts: own.length,
          questions: questions.map((q) => {
            const picks = own.map((a) => selectedLetter(a.answers[String(q.id)])).filter((p) => p !== null);
            const correct = picks.filter((p) => p === q.correct_answer).length;
            return {
              questionId: q.id,
              questionNumber: q.question_number,
              text: shortQuestionText(q.question_text),
              answered: picks.length,
              correct,
              shareCorrect: shareCorrect(correct, picks.length),
            };
          }),
        },
      ];
    });
}

/** The Analytics report: learners, the completion funnel, pre against final, per-question difficulty. */
export function analyticsReport(data: AnalyticsData, now: Date): AnalyticsReport {
  const learners = learnersOf(data);
  const totals = moduleTotals(data);
  const courseTotal = [...totals.values()].reduce((a, b) => a + b, 0);
  const funnel = [...data.modules]
    .sort((a, b) => a.order_index - b.order_index || a.id - b.id)
    .map((m) => ({
      moduleId: m.id,
      title: m.name,
      lessons: totals.get(m.id) ?? 0,
      started: 0,
      completed: 0,
    }));
  const preQuizzes = new Set(data.quizzes.filter((q) => q.kind === 'pre_assessment').map((q) => q.id));
  const pre: Array<{ userId: string; percentage: number; passed: boolean }> = [];
  const final: Array<{ userId: string; percentage: number; passed: boolean }> = [];
  let started = 0;
  let completedCourse = 0;
  for (const { id } of learners) {
    const { records, done, doneByModule, attempts } = perLearner(data, id);
    if (records.length > 0) started += 1;
    if (courseTotal > 0 && done.size >= courseTotal) completedCourse += 1;
    for (const step of funnel) {
      const n = doneByModule.get(step.moduleId) ?? 0;
      if (n > 0) step.started += 1;
      if (n > 0 && n >= step.lessons) step.completed += 1;
    }
    const first = attempts.find((a) => preQuizzes.has(a.quiz_id));
    if (first) pre.push({ userId: id, percentage: first.percentage, passed: first.passed });
    const score = finalScore(data, attempts);
    if (score) final.push({ userId: id, ...score });
  }
  const pairs = pre.flatMap((p) => {
    const f = final.find((x) => x.userId === p.userId);
    return f ? [{ pre: p.percentage, final: f.percentage }] : [];
  });
  const avg = (values: number[]) =>
    values.length === 0 ? null : round1(values.reduce((a, b) => a + b, 0) / values.length);
  const improvements = pairs.map((p) => p.final - p.pre);
  const mid = median(improvements);
  return {
    generatedAt: now.toISOString(),
    learners: { total: learners.length, started, completedCourse },
    funnel,
    scores: {
      preAssessment: scoreGroup(pre),
      final: scoreGroup(final),
      paired: {
        learners: pairs.length,
        averagePre: avg(pairs.map((p) => p.pre)),
        averageFinal: avg(pairs.map((p) => p.final)),
        averageImprovement: avg(improvements),
        medianImprovement: mid === null ? null : round1(mid),
        improved: improvements.filter((d) => d > 0).length,
      },
    },
    difficulty: difficulty(data, new Set(learners.map((l) => l.id))),
  };
}

/** Each learner's row of the progress CSV, oldest account first. */
export function progressCsvRows(data: AnalyticsData): ProgressCsvRow[] {
  const totals = moduleTotals(data);
  const courseTotal = [...totals.values()].reduce((a, b) => a + b, 0);
  const kindOf = new Map(data.quizzes.map((q) => [q.id, q.kind]));
  return learnersOf(data).map((learner) => {
    const { records, done, doneByModule, attempts } = perLearner(data, learner.id);
    const pre = attempts.filter((a) => kindOf.get(a.quiz_id) === 'pre_assessment').at(-1);
    const course = attempts.filter((a) => kindOf.get(a.quiz_id) === 'course');
    const moments = [...records.map((r) => r.updated_at), ...attempts.map((a) => a.completed_at!)].sort();
    return {
      userId: learner.id,
      displayName: learner.display_name,
      email: learner.email,
      lessonsCompleted: done.size,
      totalLessons: courseTotal,
      percent: percent(done.size, courseTotal),
      modulesCompleted: [...doneByModule].filter(([m, n]) => n >= (totals.get(m) ?? 0)).length,
      preAssessmentPercent: pre?.percentage ?? null,
      bestCourseQuizPercent: course.length > 0 ? Math.max(...course.map((a) => a.percentage)) : null,
      passed: course.some((a) => a.passed),
      lastActivity: moments.length > 0 ? new Date(moments.at(-1)!).toISOString() : null,
    };
  });
}
