import { adminMessages, formatPercentage, type Quiz, type QuizAttempt } from '@coursekit/core';
import { useId } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import { useResetUserProgress } from './userProgressQueries';

export interface PreAssessmentCardProps {
  userId: string;
  userName: string;
  /** The learner's latest pre-assessment attempt, or null when never taken. */
  attempt: QuizAttempt | null;
  quiz: Quiz | null;
  /** admin §4: the latest attempt's passed flag. */
  passed: boolean;
}

/** admin §2: the Pre-Assessment Results card and its reset. */
export function PreAssessmentCard({ userId, userName, attempt, quiz, passed }: PreAssessmentCardProps) {
  const toast = useToast();
  const reset = useResetUserProgress(userId);
  const headingId = useId();

  async function resetPreAssessment() {
    try {
      await reset.mutateAsync({ kind: 'pre-assessment' });
      toast({
        title: adminMessages.preAssessmentResetTitle,
        description: `The pre-assessment of ${userName} has been reset.`,
      });
    } catch {
      toast({
        title: adminMessages.preAssessmentResetTitle,
        description: adminMessages.preAssessmentResetFailed,
        variant: 'error',
      });
    }
  }

  return (
    <section className={s.card} aria-labelledby={headingId}>
      <div className={s.spread}>
        <h3 id={headingId} className={s.subheading}>
          Pre-Assessment Results
        </h3>
        {attempt ? (
          <span className={passed ? s.badge.success : s.badge.danger}>{passed ? 'Passed' : 'Failed'}</span>
        ) : null}
      </div>
      {attempt ? (
        <>
          <p className={s.text}>
            Score: {attempt.score}/{attempt.total_questions} ({formatPercentage(attempt.percentage)})
            {quiz ? ` · ${quiz.passing_score}% to pass` : null}
          </p>
          <p className={s.muted}>
            Taken: {new Date(attempt.completed_at ?? attempt.started_at).toLocaleDateString()}
          </p>
          <div>
            <ConfirmDialog
              trigger={
                <button type="button" className={s.button.secondary} disabled={reset.isPending}>
                  Reset Pre-Assessment
                </button>
              }
              title="Reset Pre-Assessment"
              description={`${userName}'s pre-assessment attempts will be deleted, so they can take it again.`}
              confirmLabel="Reset Pre-Assessment"
              onConfirm={() => void resetPreAssessment()}
            />
          </div>
        </>
      ) : (
        <p className={s.muted}>{adminMessages.notAttempted}</p>
      )}
    </section>
  );
}
