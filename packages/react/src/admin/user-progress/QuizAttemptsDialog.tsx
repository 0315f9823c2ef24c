import {
  adminMessages,
  formatPercentage,
  numberAttempts,
  type Quiz,
  quizAttemptsTitle,
} from '@coursekit/core';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Skeletons } from '../../ui/QueryState';
import * as s from '../../ui/styles.css';
import { usePortalContainer } from '../../ui/WidgetRoot';
import * as a from '../admin.css';
import { useUserAttempts } from './userProgressQueries';

export interface QuizAttemptsDialogProps {
  userId: string;
  quiz: Quiz;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** admin §2: 'Quiz Attempts - {title}', numbered with the newest highest, percentages to 1 decimal. */
export function QuizAttemptsDialog({ userId, quiz }: QuizAttemptsDialogProps) {
  const container = usePortalContainer();
  const [open, setOpen] = useState(false);
  const attempts = useUserAttempts(userId, quiz.id, open);
  const numbered = numberAttempts((attempts.data ?? []).map((a) => a.attempt));

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={s.button.secondary}>
          View All Attempts
        </button>
      </Dialog.Trigger>
      <Dialog.Portal container={container}>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content className={`${s.dialog} ${a.wideDialog}`}>
          <Dialog.Title className={s.subheading}>{quizAttemptsTitle(quiz.title)}</Dialog.Title>
          <Dialog.Description className={s.muted}>
            {quiz.total_questions} questions · {quiz.passing_score}% to pass
          </Dialog.Description>
          {attempts.isError ? (
            <p className={s.text} role="alert">
              {attempts.error.message}
            </p>
          ) : !attempts.data ? (
            <Skeletons count={1} label="Loading attempts" />
          ) : numbered.length === 0 ? (
            <p className={s.muted}>{adminMessages.noAttemptsFound}</p>
          ) : (
            <ol className={s.list} reversed>
              {numbered.map((a) => (
                <li key={a.id} className={s.card} aria-label={`Attempt ${a.number}`}>
                  <div className={s.spread}>
                    <strong>Attempt {a.number}</strong>
                    <span className={a.passed ? s.badge.success : s.badge.danger}>
                      {a.passed ? 'Passed' : 'Failed'}
                    </span>
                  </div>
                  <p className={s.text}>
                    {a.score}/{a.total_questions} · {formatPercentage(a.percentage)}
                  </p>
                  <p className={s.muted}>Started: {when(a.started_at)}</p>
                  <p className={s.muted}>Completed: {when(a.completed_at)}</p>
                </li>
              ))}
            </ol>
          )}
          <div>
            <Dialog.Close className={s.button.secondary}>Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
