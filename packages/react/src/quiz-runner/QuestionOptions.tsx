import type { AnswerLetter, QuizQuestion } from '@coursekit/core';
import { quizStrings } from '../strings/quizStrings';
import { useStrings } from '../strings/useStrings';
import * as s from '../ui/styles.css';

// core's ANSWER_LETTERS comes from its zod enum; a widget that never parses needs only the letters.
const ANSWER_LETTERS = ['A', 'B', 'C', 'D'] as const satisfies readonly AnswerLetter[];

export const optionText = (
  q: Pick<QuizQuestion, 'option_a' | 'option_b' | 'option_c' | 'option_d'>,
  letter: AnswerLetter,
) => ({ A: q.option_a, B: q.option_b, C: q.option_c, D: q.option_d })[letter];

export interface QuestionOptionsProps {
  question: QuizQuestion;
  selected: AnswerLetter | null;
  onSelect: (letter: AnswerLetter) => void;
  /** Once an answer is locked: the key, to highlight the right and wrong options. */
  reveal?: { selected: AnswerLetter; correct: AnswerLetter } | null;
  legend: React.ReactNode;
  legendRef?: React.Ref<HTMLLegendElement>;
}

/** A question's options A–D as a radio group (arrow keys move, Space selects). */
export function QuestionOptions({
  question,
  selected,
  onSelect,
  reveal,
  legend,
  legendRef,
}: QuestionOptionsProps) {
  const t = useStrings(quizStrings);
  return (
    <fieldset className={s.fieldset} disabled={Boolean(reveal)}>
      <legend className={s.legend} ref={legendRef} tabIndex={-1}>
        {legend}
      </legend>
      {ANSWER_LETTERS.map((letter) => {
        const state = reveal
          ? letter === reveal.correct
            ? 'correct'
            : letter === reveal.selected
              ? 'wrong'
              : 'idle'
          : selected === letter
            ? 'selected'
            : 'idle';
        return (
          <label key={letter} className={`${s.option} ${s.optionState[state]}`}>
            <input
              type="radio"
              className={s.radio}
              name={`question-${question.id}`}
              value={letter}
              checked={(reveal?.selected ?? selected) === letter}
              disabled={Boolean(reveal)}
              onChange={() => onSelect(letter)}
            />
            <span>
              {letter}. {optionText(question, letter)}
              {state === 'correct' && reveal
                ? ` ${t.optionCorrect}`
                : state === 'wrong'
                  ? ` ${t.optionWrong}`
                  : ''}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
