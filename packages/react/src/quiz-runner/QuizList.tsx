import type { QuizListItem } from '@coursekit/core';
import { useNavigate } from '../provider/navigation';
import { resultsPath } from '../provider/routes';
import { useQuizList } from '../queries/courseQueries';
import { formatString } from '../strings/formatString';
import { quizStrings } from '../strings/quizStrings';
import { useStrings } from '../strings/useStrings';
import { ErrorState, isUnauthorized, SignInPrompt, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';

/** learner §2 /quizzes: three skeleton cards while loading, the cards, or the empty state. */
export function QuizList() {
  const quizzes = useQuizList();
  const t = useStrings(quizStrings);
  if (isUnauthorized(quizzes.error)) return <SignInPrompt message={t.quizSignIn} />;
  if (quizzes.error) return <ErrorState error={quizzes.error} onRetry={() => void quizzes.refetch()} />;
  return (
    <div className={s.stack}>
      <h2 className={s.heading}>{t.quizzesHeading}</h2>
      {!quizzes.data ? (
        <Skeletons count={3} label={t.loadingQuizzes} />
      ) : quizzes.data.length === 0 ? (
        <div className={s.card}>
          <h3 className={s.subheading}>{t.noQuizzesTitle}</h3>
          <p className={s.muted}>{t.noQuizzesBody}</p>
        </div>
      ) : (
        <ul className={s.grid}>
          {quizzes.data.map((item) => (
            <QuizCard key={item.quiz.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

function QuizCard({ item }: { item: QuizListItem }) {
  const navigate = useNavigate();
  const t = useStrings(quizStrings);
  const { quiz, summary } = item;
  const start = summary.passed ? t.retakeQuiz : summary.hasAttempted ? t.quizTryAgain : t.startQuiz;
  return (
    <li className={s.card} aria-label={quiz.title}>
      <div className={s.spread}>
        <h3 className={s.subheading}>{quiz.title}</h3>
        {summary.hasAttempted ? (
          <span className={summary.passed ? s.badge.success : s.badge.info}>
            {summary.passed ? t.passed : t.inProgress}
          </span>
        ) : null}
      </div>
      {quiz.description ? <p className={s.muted}>{quiz.description}</p> : null}
      <p className={s.muted}>
        {formatString(t.quizFacts, { count: quiz.total_questions, score: quiz.passing_score })}
      </p>
      {summary.hasAttempted ? (
        <p className={s.text}>
          {formatString(t.quizBestAttempts, {
            score: Math.round(summary.bestPercentage),
            attempts: summary.totalAttempts,
          })}
        </p>
      ) : null}
      <div className={s.row}>
        <button
          type="button"
          className={s.button.primary}
          onClick={() => navigate(quiz.kind === 'pre_assessment' ? '/assessment' : `/quiz/${quiz.id}`)}
        >
          {start}
        </button>
        {summary.hasAttempted ? (
          <button type="button" className={s.button.secondary} onClick={() => navigate(resultsPath(quiz.id))}>
            {t.viewResults}
          </button>
        ) : null}
      </div>
    </li>
  );
}
