import type { QuizListItem } from '@coursekit/core';
import { useNavigate } from '../provider/navigation';
import { resultsPath } from '../provider/routes';
import { useQuizList } from '../queries/courseQueries';
import { ErrorState, isUnauthorized, SignInPrompt, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';

/** learner §2 /quizzes: three skeleton cards while loading, the cards, or the empty state. */
export function QuizList() {
  const quizzes = useQuizList();
  if (isUnauthorized(quizzes.error)) return <SignInPrompt message="Please sign in to access quizzes." />;
  if (quizzes.error) return <ErrorState error={quizzes.error} onRetry={() => void quizzes.refetch()} />;
  return (
    <div className={s.stack}>
      <h2 className={s.heading}>Quizzes</h2>
      {!quizzes.data ? (
        <Skeletons count={3} label="Loading quizzes" />
      ) : quizzes.data.length === 0 ? (
        <div className={s.card}>
          <h3 className={s.subheading}>No Quizzes Available</h3>
          <p className={s.muted}>Quizzes will appear here once they are added to the course.</p>
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
  const { quiz, summary } = item;
  const start = summary.passed ? 'Retake Quiz' : summary.hasAttempted ? 'Try Again' : 'Start Quiz';
  return (
    <li className={s.card} aria-label={quiz.title}>
      <div className={s.spread}>
        <h3 className={s.subheading}>{quiz.title}</h3>
        {summary.hasAttempted ? (
          <span className={summary.passed ? s.badge.success : s.badge.info}>
            {summary.passed ? 'Passed' : 'In Progress'}
          </span>
        ) : null}
      </div>
      {quiz.description ? <p className={s.muted}>{quiz.description}</p> : null}
      <p className={s.muted}>
        {quiz.total_questions} questions · {quiz.passing_score}% to pass
      </p>
      {summary.hasAttempted ? (
        <p className={s.text}>
          Best score: {Math.round(summary.bestPercentage)}% · Attempts: {summary.totalAttempts}
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
            View Results
          </button>
        ) : null}
      </div>
    </li>
  );
}
