import type { AnswerLetter, QuizQuestion } from '@coursekit/core';
import { useState } from 'react';
import { QuestionOptions } from '../quiz-runner/QuestionOptions';
import { formatString } from '../strings/formatString';
import { quizStrings } from '../strings/quizStrings';
import { useStrings } from '../strings/useStrings';
import * as s from '../ui/styles.css';

/** A question as the form holds it (quizzes/module-N.json). */
export interface DraftQuestion {
  question_text?: unknown;
  option_a?: unknown;
  option_b?: unknown;
  option_c?: unknown;
  option_d?: unknown;
  correct_answer?: unknown;
  explanation?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * A question as the QuizRunner's question screen shows it: its options (the runner's own radio group),
 * then, once the author answers as a learner would, right or wrong and the explanation. Nothing is
 * sent: the key is the draft's.
 */
export function QuestionPreview({
  question,
  number,
  total,
}: {
  question: DraftQuestion;
  number: number;
  total: number;
}) {
  const t = useStrings(quizStrings);
  const [selected, setSelected] = useState<AnswerLetter | null>(null);
  const [checked, setChecked] = useState(false);
  const correct = (['A', 'B', 'C', 'D'] as const).find((l) => l === question.correct_answer) ?? 'A';
  const shown: QuizQuestion = {
    id: number,
    quiz_id: 0,
    question_number: number,
    question_text: text(question.question_text),
    option_a: text(question.option_a),
    option_b: text(question.option_b),
    option_c: text(question.option_c),
    option_d: text(question.option_d),
  };
  return (
    <div className={`${s.card} ${s.stack}`}>
      <QuestionOptions
        question={shown}
        selected={selected}
        onSelect={(letter) => {
          setSelected(letter);
          setChecked(false);
        }}
        reveal={checked && selected ? { selected, correct } : null}
        legend={formatString(t.questionOf, { number, total, text: shown.question_text })}
      />
      <div role="status" aria-live="polite">
        {checked && selected ? (
          <>
            <p className={s.text}>
              <strong>{selected === correct ? t.feedbackCorrect : t.feedbackIncorrect}</strong>
            </p>
            {text(question.explanation) ? <p className={s.muted}>{text(question.explanation)}</p> : null}
          </>
        ) : null}
      </div>
      <div className={s.row}>
        {checked ? (
          <button
            type="button"
            className={s.button.secondary}
            onClick={() => {
              setChecked(false);
              setSelected(null);
            }}
          >
            Try Again
          </button>
        ) : (
          <button
            type="button"
            className={s.button.primary}
            disabled={!selected}
            onClick={() => setChecked(true)}
          >
            {t.submitAnswer}
          </button>
        )}
      </div>
    </div>
  );
}
