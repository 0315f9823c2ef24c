import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseAdapter } from '../adapter/CourseAdapter';
import { PROGRESS_CSV_COLUMNS, progressCsv, round1 } from '../rules/analytics';
import { type AnalyticsData, analyticsReport, progressCsvRows } from '../rules/analyticsReport';
import type { AnalyticsReport } from '../schemas/analytics';
import { AnalyticsReportSchema } from '../schemas/analytics';
import type { CompletedAttempt, Lesson, Module } from '../schemas/entities';
import type { AdminConformanceHarness, AdminWorld } from './adminConformance';
import { signedUp } from './expectations';
import { completeLessons, type QuizKeys, quizKeys, takeQuiz } from './learnerActions';

interface Learner {
  adapter: CourseAdapter;
  email: string;
  userId: string;
  name: string;
}

/**
 * The report's data as the learners themselves see it (their records, their attempts with
 * reviews), so core's definitions (rules/analyticsReport.ts) say what the backend must answer.
 */
async function analyticsDataOf(learners: Learner[], quizzes: QuizKeys[]): Promise<AnalyticsData> {
  const any = learners[0]!.adapter;
  const modules: Module[] = await any.course.modules();
  const lessons: Lesson[] = (await Promise.all(modules.map((m) => any.course.lessons(m.id)))).flat();
  const quizList = (await any.quizzes.list()).map((q) => q.quiz);
  const attempts: CompletedAttempt[] = [];
  const progress = [];
  for (const learner of learners) {
    progress.push(...(await learner.adapter.progress.get()).records);
    for (const { quizId } of quizzes) attempts.push(...(await learner.adapter.quizzes.attempts(quizId)));
  }
  const questions = new Map<number, AnalyticsData['questions'][number]>();
  for (const { attempt, review } of attempts) {
    for (const r of review)
      questions.set(r.question_id, { ...r, id: r.question_id, quiz_id: attempt.quiz_id });
  }
  return {
    // Sign-up order is account age; the figures only compare the times.
    accounts: learners.map((l, i) => ({
      id: l.userId,
      email: l.email,
      display_name: l.name,
      created_at: new Date(Date.UTC(2020, 0, 1, 0, 0, i)).toISOString(),
      roles: ['user'],
    })),
    modules,
    lessons,
    progress,
    quizzes: quizList,
    questions: [...questions.values()],
    attempts: attempts.map((a) => a.attempt),
  };
}

/** The Analytics tab's report and progress CSV (DESIGN decision 10), on a backend of their own. */
export function runAdminAnalyticsChecks({ isolatedWorld }: AdminConformanceHarness): void {
  describe('analytics', () => {
    let world: AdminWorld & { close?: () => Promise<void> };
    let learners: Learner[];
    let keys: { pre: QuizKeys; course: QuizKeys };
    let report: AnalyticsReport;
    let csv: string;
    let data: AnalyticsData;

    // Ana does nothing; Bo completes module 1, gets the pre-assessment's first question right and
    // takes the final quiz twice: all wrong, then all right; Cy does nothing.
    beforeAll(async () => {
      world = await isolatedWorld();
      keys = await quizKeys(world);
      learners = [];
      for (const name of ['Ana Silva', 'Bo Brown', 'Cy Chen'])
        learners.push({ ...(await signedUp(world, name)), name });
      const bo = learners[1]!.adapter;
      const [first] = await bo.course.modules();
      await completeLessons(bo, (await bo.course.lessons(first!.id)).length);
      await takeQuiz(bo, keys.pre, 1);
      await takeQuiz(bo, keys.course, 0);
      await takeQuiz(bo, keys.course, keys.course.questions.length);
      const admin = await world.makeAdmin();
      report = await admin.analytics!.report();
      csv = await admin.analytics!.progressCsv();
      data = await analyticsDataOf(learners, [keys.pre, keys.course]);
    });
    afterAll(() => world?.close?.());

    it('answers the report core’s definitions give for the same learners', () => {
      expect(AnalyticsReportSchema.safeParse(report).success).toBe(true);
      expect(report).toEqual(analyticsReport(data, new Date(report.generatedAt)));
    });

    it('counts learners, the funnel, pre against final, and each question’s share correct', () => {
      const firstModule = data.modules[0]!.id;
      expect(report.learners).toEqual({ total: 3, started: 1, completedCourse: 0 });
      expect(report.funnel[0]).toMatchObject({ moduleId: firstModule, started: 1, completed: 1 });
      expect(report.funnel.slice(1).every((f) => f.started === 0)).toBe(true);
      const preCount = keys.pre.questions.length;
      expect(report.scores.preAssessment).toMatchObject({
        learners: 1,
        average: round1((1 / preCount) * 100),
      });
      expect(report.scores.final).toMatchObject({ learners: 1, average: 100, median: 100, passed: 1 });
      expect(report.scores.paired).toMatchObject({ learners: 1, improved: 1 });
      const pre = report.difficulty.find((q) => q.kind === 'pre_assessment')!;
      expect(pre.questions.map((q) => q.shareCorrect)).toEqual(
        keys.pre.questions.map((_, i) => (i === 0 ? 1 : 0)),
      );
      const final = report.difficulty.find((q) => q.quizId === keys.course.quizId)!;
      expect(final.attempts).toBe(2);
      expect(final.questions.every((q) => q.answered === 2 && q.shareCorrect === 0.5)).toBe(true);
    });

    it('writes one CSV row per learner, oldest account first, as core’s definition does', () => {
      const lines = csv.split('\r\n');
      expect(lines[0]).toBe(PROGRESS_CSV_COLUMNS.join(','));
      expect(lines).toHaveLength(learners.length + 2);
      expect(lines.slice(1, -1).map((l) => l.split(',')[0])).toEqual(learners.map((l) => l.userId));
      const firstLessons = data.lessons.filter((l) => l.module_id === data.modules[0]!.id).length;
      const bo = lines.find((l) => l.startsWith(`${learners[1]!.userId},`))!;
      expect(bo).toContain(`,Bo Brown,${learners[1]!.email},${firstLessons},${data.lessons.length},`);
      expect(bo).toMatch(/,100,true,\d{4}-\d\d-\d\dT/);
      expect(csv).toBe(progressCsv(progressCsvRows(data)));
    });
  });
}
