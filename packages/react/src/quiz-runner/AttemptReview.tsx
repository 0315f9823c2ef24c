import { type CompletedAttempt, learnerScoreColor } from '@coursekit/core';
import * as s from '../ui/styles.css';
import { optionText } from './QuestionOptions';

/** The score line: score, percent and PASSED / NOT PASSED, coloured by core's bands. */
export function ScoreSummary({ attempt }: { attempt: CompletedAttempt['attempt'] }) {
  const pct = Math.round(attempt.percentage);
  return (
    <div className={s.stack}>
      <p className={s.text}>
        Score: {attempt.score} / {attempt.total_questions} ·{' '}
        <span className={s.score[learnerScoreColor(attempt.percentage)]}>{pct}%</span>
      </p>
      <p className={attempt.passed ? s.badge.success : s.badge.danger}>
        {attempt.passed ? 'PASSED' : 'NOT PASSED'}
      </p>
    </div>
  );
}

/** Question-by-question review with the learner's answer, the correct one and the explanation. */
export function AttemptReview({ review }: { review: CompletedAttempt['review'] }) {
  return (
    <ol className={s.list} aria-label="Question review">
      {review.map((q) => (
        <li key={q.question_id} className={s.card}>
          <p className={s.text}>
            <strong>
              Question {q.question_number}: {q.question_text}
            </strong>
          </p>
          <p className={s.text}>
            Your answer: {q.selected ? `${q.selected}. ${optionText(q, q.selected)}` : 'Not answered'}{' '}
            <span className={q.isCorrect ? s.badge.success : s.badge.danger}>
              {q.isCorrect ? 'Correct' : 'Incorrect'}
            </span>
          </p>
          {!q.isCorrect ? (
            <p className={s.text}>
              Correct answer: {q.correct_answer}. {optionText(q, q.correct_answer)}
            </p>
          ) : null}
          {q.explanation ? <p className={s.muted}>{q.explanation}</p> : null}
        </li>
      ))}
    </ol>
  );
}
