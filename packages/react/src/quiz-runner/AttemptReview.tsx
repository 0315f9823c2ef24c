import { type AnswerLetter, type CompletedAttempt, learnerScoreColor } from '@coursekit/core';
import { FormattedText } from '../strings/FormattedText';
import { formatString } from '../strings/formatString';
import { quizStrings } from '../strings/quizStrings';
import { useStrings } from '../strings/useStrings';
import * as s from '../ui/styles.css';
import { optionText, positionLetter } from './QuestionOptions';

type Reviewed = CompletedAttempt['review'][number];

/** An option as the attempt showed it: the letter of its position there, and its text. */
function shownAs(q: Reviewed, id: AnswerLetter): string {
  const index = q.options?.findIndex((o) => o.id === id) ?? -1;
  return index < 0 ? `${id}. ${optionText(q, id)}` : `${positionLetter(index)}. ${q.options![index]!.text}`;
}

/** The score line: score, percent and PASSED / NOT PASSED, coloured by core's bands. */
export function ScoreSummary({ attempt }: { attempt: CompletedAttempt['attempt'] }) {
  const t = useStrings(quizStrings);
  const pct = Math.round(attempt.percentage);
  return (
    <div className={s.stack}>
      <p className={s.text}>
        <FormattedText
          template={t.score}
          values={{
            score: attempt.score,
            total: attempt.total_questions,
            percent: <span className={s.score[learnerScoreColor(attempt.percentage)]}>{pct}%</span>,
          }}
        />
      </p>
      <p className={attempt.passed ? s.badge.success : s.badge.danger}>
        {attempt.passed ? t.quizPassed : t.quizNotPassed}
      </p>
    </div>
  );
}

/**
 * Question-by-question review with the learner's answer, the correct one and the explanation: the
 * questions the attempt drew, in its order, options lettered as the attempt showed them.
 */
export function AttemptReview({ review }: { review: CompletedAttempt['review'] }) {
  const t = useStrings(quizStrings);
  return (
    <ol className={s.list} aria-label={t.questionReview}>
      {review.map((q) => (
        <li key={q.question_id} className={s.card}>
          <p className={s.text}>
            <strong>
              {formatString(t.reviewQuestion, { number: q.question_number, text: q.question_text })}
            </strong>
          </p>
          <p className={s.text}>
            {formatString(t.yourAnswer, {
              answer: q.selected ? shownAs(q, q.selected) : t.notAnswered,
            })}{' '}
            <span className={q.isCorrect ? s.badge.success : s.badge.danger}>
              {q.isCorrect ? t.answerCorrect : t.answerIncorrect}
            </span>
          </p>
          {!q.isCorrect ? (
            <p className={s.text}>
              {formatString(t.correctAnswer, {
                answer: shownAs(q, q.correct_answer),
              })}
            </p>
          ) : null}
          {q.explanation ? <p className={s.muted}>{q.explanation}</p> : null}
        </li>
      ))}
    </ol>
  );
}
