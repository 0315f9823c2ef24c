import { quizFileProblems } from '@coursekit/core';
import { useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import {
  Group,
  type Json,
  JsonFileForm,
  moved,
  OrderedItem,
  ProblemsBanner,
  pathText,
  useJsonForm,
  useMoveFocus,
} from './jsonForm';
import { PreviewFrame } from './PreviewFrame';
import { QuestionPreview } from './QuestionPreview';
import * as st from './studio.css';

// A module's questions (quizzes/module-N.json) as a form: its pre-assessment questions
// and its part of the final quiz's bank, each with four options, the correct one, an explanation and
// the learning objectives it tests (test-out grades a module on them). Checked field by field with
// core's quiz-file schema; questions move by keyboard or by dragging.

const LETTERS = ['A', 'B', 'C', 'D'] as const;
const LISTS = [
  ['preAssessment', 'Pre-assessment questions', 'What a learner is asked before the course.'],
  ['finalQuiz', 'Final quiz questions', 'This module’s part of the final quiz’s question bank.'],
] as const;

export interface QuizBankProps {
  /** quizzes/module-N.json's text as the draft holds it. */
  text: string;
  onChange: (text: string) => void;
  /** The course's learning objectives (course.json), to tag questions with. */
  objectives: ReadonlyArray<{ id: string; text: string }>;
}

export function QuizBank({ text, onChange, objectives }: QuizBankProps) {
  return (
    <JsonFileForm name="The quiz file" text={text} onChange={onChange}>
      {(initial, emit) => <BankForm initial={initial} onChange={emit} objectives={objectives} />}
    </JsonFileForm>
  );
}

const blankQuestion = (): Json => ({
  question_text: '',
  option_a: '',
  option_b: '',
  option_c: '',
  option_d: '',
  correct_answer: 'A',
  explanation: '',
  objectives: [],
});

function BankForm({
  initial,
  onChange,
  objectives,
}: {
  initial: Json;
  onChange: (value: Json) => void;
  objectives: QuizBankProps['objectives'];
}) {
  const { id, value, problems, problemCount, update, set, field } = useJsonForm(
    initial,
    quizFileProblems,
    onChange,
  );
  const [announcement, setAnnouncement] = useState('');
  // The questions shown beside their learner's preview, by list and place.
  const [previewing, setPreviewing] = useState<ReadonlySet<string>>(new Set());
  const togglePreview = (item: string) =>
    setPreviewing((on) => {
      const next = new Set(on);
      if (!next.delete(item)) next.add(item);
      return next;
    });
  const focusMoved = useMoveFocus();
  const listOf = (key: string) => (Array.isArray(value[key]) ? value[key] : []) as Json[];

  return (
    <form className={s.stack} aria-label="Questions" noValidate onSubmit={(e) => e.preventDefault()}>
      <ProblemsBanner count={problemCount} />
      {LISTS.map(([key, title, about]) => {
        const list = listOf(key);
        const short = key === 'preAssessment' ? 'Pre-assessment' : 'Final quiz';
        const name = (i: number) => `${short} question ${i + 1}`;
        const move = (from: number, to: number) => {
          if (to < 0 || to >= list.length || from === to) return;
          update({ ...value, [key]: moved(list, from, to) });
          focusMoved(`${id}-${key}-${to}`, to < from);
          setAnnouncement(`${name(from)} is now question ${to + 1} of ${list.length}.`);
        };
        return (
          <Group key={key} title={`${title} (${list.length})`}>
            <p className={s.muted}>{about}</p>
            <ol className={s.list}>
              {list.map((question, i) => {
                const at = (field: string) => [key, i, field] as const;
                const tags = Array.isArray(question.objectives) ? (question.objectives as string[]) : [];
                return (
                  <OrderedItem
                    // biome-ignore lint/suspicious/noArrayIndexKey: a question's place is its identity in the file.
                    key={i}
                    buttonId={`${id}-${key}-${i}`}
                    dragType={`application/x-coursekit-${key}`}
                    index={i}
                    count={list.length}
                    label={name(i)}
                    removeText="from this module"
                    onMove={move}
                    onRemove={() => {
                      update({ ...value, [key]: list.filter((_, j) => j !== i) });
                      setAnnouncement(`${name(i)} was removed.`);
                    }}
                  >
                    <button
                      type="button"
                      className={`${s.button.secondary} ${a.smallButton}`}
                      aria-pressed={previewing.has(`${key}-${i}`)}
                      onClick={() => togglePreview(`${key}-${i}`)}
                    >
                      Preview as a Learner<span className={s.visuallyHidden}> ({name(i)})</span>
                    </button>
                    <div className={previewing.has(`${key}-${i}`) ? st.sideBySide : s.stack}>
                      <div className={s.stack}>
                        {field(at('question_text'), `${name(i)}: text`, { multiline: true })}
                        {LETTERS.map((letter) =>
                          field(at(`option_${letter.toLowerCase()}`), `${name(i)}: option ${letter}`),
                        )}
                        <fieldset className={s.fieldset}>
                          <legend className={a.small}>{name(i)}: the correct option</legend>
                          <div className={s.row}>
                            {LETTERS.map((letter) => (
                              <label key={letter} className={s.row}>
                                <input
                                  type="radio"
                                  className={s.radio}
                                  name={`${id}-${key}-${i}-correct`}
                                  checked={question.correct_answer === letter}
                                  onChange={() => set(at('correct_answer'), letter)}
                                />
                                {letter}
                              </label>
                            ))}
                          </div>
                          {problems[pathText(at('correct_answer'))] ? (
                            <p className={a.fieldError}>
                              The correct option {problems[pathText(at('correct_answer'))]}.
                            </p>
                          ) : null}
                        </fieldset>
                        {field(at('explanation'), `${name(i)}: explanation`, {
                          multiline: true,
                          optional: true,
                        })}
                        {objectives.length > 0 ? (
                          <fieldset className={s.fieldset}>
                            <legend className={a.small}>{name(i)}: learning objectives it tests</legend>
                            <div className={s.row}>
                              {objectives.map((objective) => (
                                <label key={objective.id} className={s.row} title={objective.text}>
                                  <input
                                    type="checkbox"
                                    checked={tags.includes(objective.id)}
                                    onChange={(e) =>
                                      set(
                                        at('objectives'),
                                        e.target.checked
                                          ? [...tags, objective.id]
                                          : tags.filter((tag) => tag !== objective.id),
                                      )
                                    }
                                  />
                                  {objective.id}
                                </label>
                              ))}
                            </div>
                          </fieldset>
                        ) : null}
                      </div>
                      {previewing.has(`${key}-${i}`) ? (
                        <PreviewFrame label={`${name(i)} as a learner sees it`}>
                          <QuestionPreview question={question} number={i + 1} total={list.length} />
                        </PreviewFrame>
                      ) : null}
                    </div>
                  </OrderedItem>
                );
              })}
            </ol>
            <button
              type="button"
              className={`${s.button.secondary} ${a.smallButton}`}
              onClick={() => {
                update({ ...value, [key]: [...list, blankQuestion()] });
                setAnnouncement(`${name(list.length)} was added; fill in its text and options.`);
              }}
            >
              Add {short} Question
            </button>
          </Group>
        );
      })}
      <p className={s.visuallyHidden} aria-live="polite">
        {announcement}
      </p>
    </form>
  );
}
