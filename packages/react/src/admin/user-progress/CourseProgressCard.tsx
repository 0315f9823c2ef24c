import {
  adminMessages,
  messages,
  type ProgressSummary,
  progressResetFailedMessage,
  progressResetMessage,
} from '@coursekit/core';
import { useId } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ProgressBar } from '../../ui/ProgressBar';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import { useResetUserProgress } from './userProgressQueries';

export interface CourseProgressCardProps {
  userId: string;
  userName: string;
  summary: ProgressSummary;
}

/** admin §2: lessons completed of total, percent, remaining, the badge and Reset All Progress. */
export function CourseProgressCard({ userId, userName, summary }: CourseProgressCardProps) {
  const toast = useToast();
  const reset = useResetUserProgress(userId);
  const headingId = useId();
  const remaining = summary.totalLessons - summary.completedLessons;

  async function resetAll() {
    try {
      await reset.mutateAsync({ kind: 'all' });
      toast({ title: adminMessages.successTitle, description: progressResetMessage(userName) });
    } catch (e) {
      toast({
        title: messages.errorTitle,
        description: progressResetFailedMessage((e as Error).message),
        variant: 'error',
      });
    }
  }

  return (
    <section className={s.card} aria-labelledby={headingId}>
      <div className={s.spread}>
        <h3 id={headingId} className={s.subheading}>
          Course Progress
        </h3>
        <span className={summary.isComplete ? s.badge.success : s.badge.info}>
          {summary.isComplete ? 'Complete' : 'In Progress'}
        </span>
      </div>
      <ProgressBar value={summary.progressPercentage} label="Course progress" />
      <p className={s.text}>
        {summary.completedLessons} of {summary.totalLessons} lessons completed ({summary.progressPercentage}%)
      </p>
      <p className={s.muted}>Remaining: {remaining}</p>
      {summary.hasStarted ? (
        <div>
          <ConfirmDialog
            trigger={
              <button type="button" className={s.button.danger} disabled={reset.isPending}>
                Reset All Progress
              </button>
            }
            title="Reset All Progress"
            description={`All of ${userName}'s course progress will be deleted. This cannot be undone.`}
            confirmLabel="Reset All Progress"
            onConfirm={() => void resetAll()}
          />
        </div>
      ) : null}
    </section>
  );
}
