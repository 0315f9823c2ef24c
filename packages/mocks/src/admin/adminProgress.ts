import {
  adminMessages,
  type CompletedAttempt,
  CourseError,
  type QuizAttempt,
  type UserProgressView,
} from '@coursekit/core';
import { type AdminTables, logAction, requireUser } from './adminTables';

/**
 * Any learner's progress for the admin user-progress page, and its resets (admin §2, §7). The
 * summary and quiz summaries come from the learner store, i.e. from core's rules.
 */
export function adminProgress(tables: AdminTables) {
  const { store } = tables;
  const { attempts } = store.tables;

  const preAssessmentIds = () =>
    new Set(store.quizzesList.filter((q) => q.kind === 'pre_assessment').map((q) => q.id));

  /** Deletes a learner's attempts that match; answers how many went. */
  function deleteAttempts(userId: string, match: (attempt: QuizAttempt) => boolean): number {
    let removed = 0;
    for (let i = attempts.length - 1; i >= 0; i--) {
      const attempt = attempts[i]!;
      if (attempt.user_id === userId && match(attempt)) {
        attempts.splice(i, 1);
        removed += 1;
      }
    }
    return removed;
  }

  return {
    /** Summary (with modules), quiz summaries, and the latest pre-assessment attempt. */
    get(userId: string): UserProgressView {
      requireUser(tables, userId);
      const pre = preAssessmentIds();
      const preAssessment =
        attempts
          .filter((a) => a.user_id === userId && pre.has(a.quiz_id) && a.completed_at !== null)
          .sort((a, b) => b.completed_at!.localeCompare(a.completed_at!) || b.id - a.id)[0] ?? null;
      return {
        userId,
        summary: store.progress(userId).summary,
        quizzes: store.quizList(userId),
        preAssessment: preAssessment ? { ...preAssessment, answers: { ...preAssessment.answers } } : null,
      };
    },

    /** All of a learner's completed attempts of one quiz, newest first. */
    attempts(userId: string, quizId: number): CompletedAttempt[] {
      requireUser(tables, userId);
      return store.attempts(userId, quizId);
    },

    reset(actor: string, userId: string): void {
      const row = requireUser(tables, userId);
      store.resetProgress(userId);
      logAction(tables, actor, 'progress_reset', userId, { display_name: row.profile?.display_name ?? null });
    },

    resetModule(actor: string, userId: string, moduleId: number): void {
      requireUser(tables, userId);
      store.resetModule(userId, moduleId);
      logAction(tables, actor, 'module_progress_reset', userId, { module_id: moduleId });
    },

    resetQuiz(actor: string, userId: string, quizId: number): void {
      requireUser(tables, userId);
      if (!store.quizzesList.some((q) => q.id === quizId))
        throw new CourseError('not_found', adminMessages.adminQuizNotFound);
      const removed = deleteAttempts(userId, (a) => a.quiz_id === quizId);
      logAction(tables, actor, 'quiz_progress_reset', userId, { quiz_id: quizId, attempts: removed });
    },

    resetPreAssessment(actor: string, userId: string): void {
      requireUser(tables, userId);
      const pre = preAssessmentIds();
      const removed = deleteAttempts(userId, (a) => pre.has(a.quiz_id));
      logAction(tables, actor, 'pre_assessment_reset', userId, { attempts: removed });
    },
  };
}
