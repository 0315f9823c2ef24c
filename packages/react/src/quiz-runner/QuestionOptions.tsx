import { type AnswerLetter, type QuizQuestion, shownOptions } from '@coursekit/core';
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

/** The letter an option is shown under: its position (A for the first shown), not its id. */
export const positionLetter = (index: number): AnswerLetter => ANSWER_LETTERS[index] ?? 'A';

/**
 * A question's options as a radio group (arrow keys move, Space selects), in the order the attempt
 * shows them, labelled A–D by position; what is selected and sent is the option's id.
 */
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
      {shownOptions(question).map(({ id: letter, text }, index) => {
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
              {positionLetter(index)}. {text}
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
