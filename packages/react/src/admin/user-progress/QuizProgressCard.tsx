import {
  adminMessages,
  adminScoreColor,
  messages,
  moduleResetFailedMessage,
  type QuizListItem,
} from '@coursekit/core';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import { QuizAttemptsDialog } from './QuizAttemptsDialog';
import { useResetUserProgress } from './userProgressQueries';

export interface QuizProgressCardProps {
  userId: string;
  userName: string;
  item: QuizListItem;
}

// admin §5's score bands in words, so the colour is never the only signal.
const BAND_LABEL = { green: 'at or above passing', yellow: 'near passing', red: 'below passing' } as const;

/** admin §2: one quiz's best score, attempts, last date, Passed/Failed, its attempts and Reset Quiz. */
export function QuizProgressCard({ userId, userName, item }: QuizProgressCardProps) {
  const { quiz, summary } = item;
  const toast = useToast();
  const reset = useResetUserProgress(userId);
  const band = adminScoreColor(summary.bestPercentage, quiz.passing_score);

  async function resetQuiz() {
    try {
      await reset.mutateAsync({ kind: 'quiz', quizId: quiz.id });
      toast({
        title: adminMessages.quizResetCompleteTitle,
        description: `All attempts of ${quiz.title} by ${userName} were deleted.`,
      });
    } catch (e) {
      toast({
        title: messages.resetFailedTitle,
        description: moduleResetFailedMessage(quiz.title, (e as Error).message),
        variant: 'error',
      });
    }
  }

  return (
    <li className={s.card} aria-label={quiz.title}>
      <div className={s.spread}>
        <h4 className={s.subheading}>{quiz.title}</h4>
        {summary.hasAttempted ? (
          <span className={summary.passed ? s.badge.success : s.badge.danger}>
            {summary.passed ? 'Passed' : 'Failed'}
          </span>
        ) : null}
      </div>
      <p className={s.muted}>
        {quiz.total_questions} questions · {quiz.passing_score}% to pass
      </p>
      {summary.hasAttempted ? (
        <>
          <p className={s.text}>
            Best score: <span className={s.score[band]}>{Math.round(summary.bestPercentage)}%</span> (
            {summary.bestScore}/{quiz.total_questions}, {BAND_LABEL[band]})
          </p>
          <p className={s.muted}>
            Attempts: {summary.totalAttempts}
            {summary.lastAttemptDate
              ? ` · Last attempt: ${new Date(summary.lastAttemptDate).toLocaleDateString()}`
              : null}
          </p>
        </>
      ) : (
        <p className={s.muted}>{adminMessages.notAttempted}</p>
      )}
      <div className={s.row}>
        <QuizAttemptsDialog userId={userId} quiz={quiz} />
        {summary.hasAttempted ? (
          <ConfirmDialog
            trigger={
              <button type="button" className={s.button.secondary} disabled={reset.isPending}>
                Reset Quiz
              </button>
            }
            title={`Reset ${quiz.title}?`}
            description={`All of ${userName}'s attempts of this quiz will be deleted.`}
            confirmLabel="Reset Quiz"
            onConfirm={() => void resetQuiz()}
          />
        ) : null}
      </div>
    </li>
  );
}
