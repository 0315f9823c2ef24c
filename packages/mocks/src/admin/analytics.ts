import {
  type AnalyticsReport,
  completedLessonIds,
  median,
  type ProgressCsvRow,
  percent,
  progressCsv,
  type QuizAttempt,
  type QuizDifficulty,
  round1,
  scoreGroup,
  selectedLetter,
  shareCorrect,
  shortQuestionText,
} from '@coursekit/core';
import type { MemoryStore, UserRow } from '../createMemoryStore';

// The Analytics tab's numbers from the in-memory store, by the same definitions as the reference
// API's SQL (api/src/admin/analytics.ts): learners are accounts without the admin role; only
// completed attempts count; the report's pre-assessment score is the FIRST attempt, the CSV's the
// latest; the final score is the best attempt of each course quiz, averaged over those quizzes.

const learnersOf = (store: MemoryStore): UserRow[] =>
  [...store.tables.users.values()]
    .filter((row) => !row.roles.includes('admin'))
    .sort((a, b) => a.user.created_at.localeCompare(b.user.created_at) || a.user.id.localeCompare(b.user.id));

const byCompletion = (a: QuizAttempt, b: QuizAttempt) =>
  (a.completed_at ?? '').localeCompare(b.completed_at ?? '') || a.id - b.id;

/** Per learner: completed lessons per module, and their completed attempts by quiz. */
function perLearner(store: MemoryStore, userId: string) {
  const lessons = store.lessonsList.filter((l) => l.is_active);
  const done = completedLessonIds(
    lessons,
    store.tables.progress.filter((r) => r.user_id === userId),
  );
  const doneByModule = new Map<number, number>();
  for (const l of lessons)
    if (done.has(l.id)) doneByModule.set(l.module_id, (doneByModule.get(l.module_id) ?? 0) + 1);
  const attempts = store.tables.attempts
    .filter((a) => a.user_id === userId && a.completed_at !== null)
    .sort(byCompletion);
  return { done, doneByModule, attempts };
}

function moduleTotals(store: MemoryStore): Map<number, number> {
  const totals = new Map<number, number>();
  for (const l of store.lessonsList)
    if (l.is_active) totals.set(l.module_id, (totals.get(l.module_id) ?? 0) + 1);
  return totals;
}

/** A learner's final score: the best attempt of each course quiz they took, averaged. */
function finalScore(store: MemoryStore, attempts: QuizAttempt[]) {
  const course = store.quizzesList.filter((q) => q.kind === 'course');
  const bests = course.flatMap((quiz) => {
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

function difficulty(store: MemoryStore, learnerIds: Set<string>): QuizDifficulty[] {
  const attempts = store.tables.attempts.filter((a) => a.completed_at !== null && learnerIds.has(a.user_id));
  return [...store.quizzesList]
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
    .flatMap((quiz) => {
      const questions = [...store.tables.questionsOf(quiz.id)].sort(
        (a, b) => a.question_number - b.question_number,
      );
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

/**
 * The Analytics report of a memory store (`createMemoryStore(...)`), the same shape and numbers the
 * reference API's GET /admin/analytics/report gives for the same data. `now` stamps generatedAt.
 */
export function memoryAnalyticsReport(store: MemoryStore, now: Date = new Date()): AnalyticsReport {
  const learners = learnersOf(store);
  const totals = moduleTotals(store);
  const courseTotal = [...totals.values()].reduce((a, b) => a + b, 0);
  const modules = [...store.modulesList].sort((a, b) => a.order_index - b.order_index || a.id - b.id);
  const funnel = modules.map((m) => ({
    moduleId: m.id,
    title: m.name,
    lessons: totals.get(m.id) ?? 0,
    started: 0,
    completed: 0,
  }));
  const pre: Array<{ userId: string; percentage: number; passed: boolean }> = [];
  const final: Array<{ userId: string; percentage: number; passed: boolean }> = [];
  const preQuizzes = new Set(store.quizzesList.filter((q) => q.kind === 'pre_assessment').map((q) => q.id));
  let started = 0;
  let completedCourse = 0;
  for (const row of learners) {
    const id = row.user.id;
    const { done, doneByModule, attempts } = perLearner(store, id);
    if (store.tables.progress.some((r) => r.user_id === id)) started += 1;
    if (courseTotal > 0 && done.size >= courseTotal) completedCourse += 1;
    for (const step of funnel) {
      const n = doneByModule.get(step.moduleId) ?? 0;
      if (n > 0) step.started += 1;
      if (n > 0 && n >= step.lessons) step.completed += 1;
    }
    const first = attempts.find((a) => preQuizzes.has(a.quiz_id));
    if (first) pre.push({ userId: id, percentage: first.percentage, passed: first.passed });
    const score = finalScore(store, attempts);
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
    difficulty: difficulty(store, new Set(learners.map((l) => l.user.id))),
  };
}

/** Each learner's row of the progress CSV from a memory store, oldest account first. */
export function memoryProgressRows(store: MemoryStore): ProgressCsvRow[] {
  const totals = moduleTotals(store);
  const courseTotal = [...totals.values()].reduce((a, b) => a + b, 0);
  const kindOf = new Map(store.quizzesList.map((q) => [q.id, q.kind]));
  return learnersOf(store).map((row) => {
    const id = row.user.id;
    const { done, doneByModule, attempts } = perLearner(store, id);
    const pre = attempts.filter((a) => kindOf.get(a.quiz_id) === 'pre_assessment').at(-1);
    const course = attempts.filter((a) => kindOf.get(a.quiz_id) === 'course');
    const moments = [
      ...store.tables.progress.filter((r) => r.user_id === id).map((r) => r.updated_at),
      ...attempts.map((a) => a.completed_at!),
    ].sort();
    return {
      userId: id,
      displayName: row.profile?.display_name ?? row.user.user_metadata.name ?? null,
      email: row.user.email ?? null,
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

/**
 * The learner-progress CSV of a memory store (`createMemoryStore(...)`): the same columns, quoting
 * and formula defusing as the reference API's GET /admin/analytics/progress.csv.
 */
export function memoryProgressCsv(store: MemoryStore): string {
  return progressCsv(memoryProgressRows(store));
}
