import { numberAttempts } from '@coursekit/core';
import { useId, useState } from 'react';
import { useNavigate } from '../provider/navigation';
import { useAttempts, useQuiz } from '../queries/courseQueries';
import { formatDate } from '../strings/formatDate';
import { formatString } from '../strings/formatString';
import { quizStrings } from '../strings/quizStrings';
import { useLang } from '../strings/useLang';
import { useStrings } from '../strings/useStrings';
import { ErrorState, isUnauthorized, SignInPrompt, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { AttemptReview, ScoreSummary } from './AttemptReview';

/** learner §2 quiz results view: attempt selector (numbered from the oldest), summary, review. */
export function QuizResults({ quizId }: { quizId: number }) {
  const navigate = useNavigate();
  const t = useStrings(quizStrings);
  const lang = useLang();
  const quiz = useQuiz(quizId);
  const attempts = useAttempts(quizId);
  const [chosen, setChosen] = useState<number | null>(null);
  const selectId = useId();

  const error = attempts.error ?? quiz.error;
  if (isUnauthorized(error)) return <SignInPrompt message={t.quizSignIn} />;
  if (error) return <ErrorState error={error} onRetry={() => void attempts.refetch()} />;
  if (!attempts.data) return <Skeletons count={1} label={t.loadingResults} />;

  const numbered = numberAttempts(attempts.data.map((a) => ({ ...a.attempt, review: a.review })));
  const current = numbered.find((a) => a.id === chosen) ?? numbered[0];
  const title = quiz.data ? formatString(t.quizResultsTitle, { quiz: quiz.data.quiz.title }) : t.quizResults;

  return (
    <div className={s.stack}>
      <h2 className={s.heading}>{title}</h2>
      {!current ? (
        <p className={s.text}>{t.noQuizResults}</p>
      ) : (
        <>
          <div className={s.row}>
            <label htmlFor={selectId}>{t.attemptLabel}</label>
            <select
              id={selectId}
              className={s.select}
              value={current.id}
              onChange={(e) => setChosen(Number(e.target.value))}
            >
              {numbered.map((a) => (
                <option key={a.id} value={a.id}>
                  {formatString(t.attemptOption, {
                    number: a.number,
                    percent: Math.round(a.percentage),
                    date: formatDate(a.completed_at ?? a.started_at, lang),
                  })}
                </option>
              ))}
            </select>
          </div>
          <div className={s.card} role="status" aria-live="polite">
            <ScoreSummary attempt={current} />
          </div>
          <AttemptReview review={current.review} />
        </>
      )}
      <div>
        <button type="button" className={s.button.secondary} onClick={() => navigate('/quizzes')}>
          {t.backToQuizzes}
        </button>
      </div>
    </div>
  );
}
