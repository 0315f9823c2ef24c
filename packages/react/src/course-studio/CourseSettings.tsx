import {
  type CourseBanks,
  type CourseFile,
  courseBanks,
  courseDrawProblems,
  courseFileProblems,
  type QuizFile,
} from '@coursekit/core';
import { useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import {
  Group,
  getAt,
  type Json,
  JsonFileForm,
  moved,
  OrderedItem,
  ProblemsBanner,
  useJsonForm,
  useMoveFocus,
} from './jsonForm';
import * as st from './studio.css';

// course.json as a form: the course's texts, objectives, modules in order, quiz settings
// and test-out, checked field by field with core's course-file schema (see jsonForm.tsx).

export interface CourseSettingsProps {
  /** course.json's text as the draft holds it. */
  text: string;
  /** Called with the whole file when every field is acceptable. */
  onChange: (text: string) => void;
  /** A module was added to the list: make its files (modules/module-N.md, quizzes/module-N.json). */
  onModuleAdded?: (moduleId: number) => Promise<void>;
  /** The draft's quiz files by path, as last saved, to check each quiz's draw against its bank. */
  quizFiles?: ReadonlyMap<string, QuizFile>;
}

const NO_QUIZ_FILES: ReadonlyMap<string, QuizFile> = new Map();

/** course.json's refusals: its schema's, then draws its banks cannot fill (the publish check's rule). */
function settingsProblems(value: Json, quizFiles: ReadonlyMap<string, QuizFile>): Record<string, string> {
  const problems = courseFileProblems(value);
  if (Object.keys(problems).length > 0) return problems;
  const course = value as unknown as CourseFile;
  return courseDrawProblems(course, courseBanks(course, quizFiles));
}

/** The course settings form over course.json's text. */
export function CourseSettings({
  text,
  onChange,
  onModuleAdded,
  quizFiles = NO_QUIZ_FILES,
}: CourseSettingsProps) {
  return (
    <JsonFileForm name="The course settings" text={text} onChange={onChange}>
      {(initial, emit) => (
        <SettingsForm initial={initial} onChange={emit} onModuleAdded={onModuleAdded} quizFiles={quizFiles} />
      )}
    </JsonFileForm>
  );
}

function SettingsForm({
  initial,
  onChange,
  onModuleAdded,
  quizFiles,
}: {
  initial: Json;
  onChange: (value: Json) => void;
  onModuleAdded: CourseSettingsProps['onModuleAdded'];
  quizFiles: ReadonlyMap<string, QuizFile>;
}) {
  const { id, value, problemCount, update, set, field } = useJsonForm(
    initial,
    (next) => settingsProblems(next, quizFiles),
    onChange,
  );
  const banks: CourseBanks | null =
    Object.keys(courseFileProblems(value)).length === 0
      ? courseBanks(value as unknown as CourseFile, quizFiles)
      : null;
  const drawFields = (quiz: 'preAssessment' | 'finalQuiz', name: string, bank: number | undefined) => (
    <>
      {field(['quizzes', quiz, 'draw'], `${name}: questions per attempt`, {
        number: true,
        optional: true,
        hint: `Empty: every question of the bank${bank === undefined ? '' : ` (${bank} now)`}, in order. A number: that many, drawn for each attempt.`,
      })}
      <label className={s.row}>
        <input
          type="checkbox"
          checked={getAt(value, ['quizzes', quiz, 'shuffleOptions']) === true}
          onChange={(e) => set(['quizzes', quiz, 'shuffleOptions'], e.target.checked ? true : undefined)}
        />
        {name}: show each question’s options in an order of their own per attempt
      </label>
    </>
  );
  const [announcement, setAnnouncement] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const focusMoved = useMoveFocus();

  const modules = (Array.isArray(value.modules) ? value.modules : []) as Json[];
  const objectives = (Array.isArray(value.objectives) ? value.objectives : []) as Json[];
  const nextModuleId = Math.max(0, ...modules.map((m) => Number(m.id) || 0)) + 1;
  const moduleName = (m: Json | undefined) =>
    `Module ${String(m?.id ?? '')}${m?.name ? `, ${String(m.name)}` : ''}`;

  function moveModule(from: number, to: number) {
    if (to < 0 || to >= modules.length || from === to) return;
    const list = moved(modules, from, to);
    update({ ...value, modules: list });
    focusMoved(`${id}-move-${String(modules[from]!.id)}`, to < from);
    setAnnouncement(`${moduleName(modules[from])} is now at position ${to + 1} of ${list.length}.`);
  }

  const testOut = (value.testOut ?? null) as Json | null;

  return (
    <form className={s.stack} aria-label="Course settings" noValidate onSubmit={(e) => e.preventDefault()}>
      <ProblemsBanner count={problemCount} />

      <Group title="Course">
        <p className={s.muted}>
          Slug: <code className={a.code}>{String(value.slug ?? '')}</code> (a course keeps its slug).
        </p>
        {field(['title'], 'Title')}
        {field(['description'], 'Description', { multiline: true })}
        {field(['estimatedTime'], 'Estimated time (dashboard)', { hint: 'For example "6-8 hours".' })}
        {field(['syllabusDuration'], 'Syllabus reading time', { hint: 'For example "1h 50m".' })}
        {field(['preAssessmentTime'], 'Pre-assessment time', { hint: 'For example "5-10 minutes".' })}
      </Group>

      <Group title="Learning objectives">
        <ol className={s.list}>
          {objectives.map((_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an objective's place is its identity here.
            <li key={i} className={st.settingsItem}>
              {field(['objectives', i, 'id'], `Objective ${i + 1} id`, {
                hint: 'Questions are tagged with it.',
              })}
              {field(['objectives', i, 'text'], `Objective ${i + 1} text`, { multiline: true })}
              <button
                type="button"
                className={`${s.button.secondary} ${a.smallButton}`}
                onClick={() => update({ ...value, objectives: objectives.filter((__, j) => j !== i) })}
              >
                Remove Objective {i + 1}
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className={`${s.button.secondary} ${a.smallButton}`}
          onClick={() =>
            update({ ...value, objectives: [...objectives, { id: `LO${objectives.length + 1}`, text: '' }] })
          }
        >
          Add Objective
        </button>
      </Group>

      <Group title="Modules">
        <p className={s.muted} id={`${id}-modules-hint`}>
          Learners take the modules in this order. Move one with its Move Up and Move Down buttons, or drag it
          by its heading. Open a module's lessons and questions from the outline.
        </p>
        <ol className={s.list} aria-describedby={`${id}-modules-hint`}>
          {modules.map((m, i) => (
            <OrderedItem
              key={String(m.id)}
              buttonId={`${id}-move-${String(m.id)}`}
              dragType="application/x-coursekit-module"
              removeText="from the course"
              index={i}
              count={modules.length}
              label={moduleName(m)}
              onMove={moveModule}
              onRemove={() => {
                update({ ...value, modules: modules.filter((__, j) => j !== i) });
                setAnnouncement(`${moduleName(m)} was removed from the course. Its files stay in the draft.`);
              }}
            >
              {field(['modules', i, 'name'], `Module ${String(m.id)} name`)}
              {field(['modules', i, 'title'], `Module ${String(m.id)} title`)}
              {field(['modules', i, 'summary'], `Module ${String(m.id)} summary (landing page)`, {
                optional: true,
              })}
              {field(['modules', i, 'description'], `Module ${String(m.id)} description (syllabus)`, {
                multiline: true,
              })}
              {field(['modules', i, 'durationMinutes'], `Module ${String(m.id)} reading time in minutes`, {
                number: true,
                optional: true,
              })}
              {testOut
                ? field(['modules', i, 'testOutScore'], `Module ${String(m.id)} test-out score (%)`, {
                    number: true,
                    optional: true,
                    hint: 'Empty: the course’s test-out score.',
                  })
                : null}
            </OrderedItem>
          ))}
        </ol>
        <button
          type="button"
          className={`${s.button.secondary} ${a.smallButton}`}
          onClick={() => {
            update({
              ...value,
              modules: [
                ...modules,
                { id: nextModuleId, name: `Module ${nextModuleId}`, title: '', description: '' },
              ],
            });
            setAnnouncement(`Module ${nextModuleId} was added at position ${modules.length + 1}.`);
            setAddError(null);
            onModuleAdded?.(nextModuleId).then(
              () =>
                setAnnouncement(
                  `Module ${nextModuleId} was added at position ${modules.length + 1}, with its lessons and questions.`,
                ),
              (e: unknown) =>
                setAddError(
                  `Module ${nextModuleId}'s lessons and questions were not made: ${e instanceof Error ? e.message : String(e)}`,
                ),
            );
          }}
        >
          Add Module {nextModuleId} to the Course
        </button>
        {addError ? (
          <p className={a.fieldError} role="alert">
            {addError}
          </p>
        ) : null}
        <p className={s.visuallyHidden} aria-live="polite">
          {announcement}
        </p>
      </Group>

      <Group title="Pre-assessment">
        {field(['quizzes', 'preAssessment', 'title'], 'Pre-assessment title')}
        {field(['quizzes', 'preAssessment', 'description'], 'Pre-assessment description', {
          multiline: true,
        })}
        {field(['quizzes', 'preAssessment', 'passingScore'], 'Pre-assessment passing score (%)', {
          number: true,
        })}
        {drawFields('preAssessment', 'Pre-assessment', banks?.pre_assessment)}
      </Group>

      <Group title="Final quiz">
        {field(['quizzes', 'finalQuiz', 'title'], 'Final quiz title')}
        {field(['quizzes', 'finalQuiz', 'description'], 'Final quiz description', { multiline: true })}
        {field(['quizzes', 'finalQuiz', 'passingScore'], 'Final quiz passing score (%)', { number: true })}
        {drawFields('finalQuiz', 'Final quiz', banks?.course)}
      </Group>

      <Group title="Test-out">
        <label className={s.row}>
          <input
            type="checkbox"
            checked={testOut?.enabled === true}
            onChange={(e) =>
              set(['testOut'], { passingScore: 80, ...(testOut ?? {}), enabled: e.target.checked })
            }
          />
          Learners who pass a module’s questions in the pre-assessment test out of it
        </label>
        {testOut?.enabled === true
          ? field(['testOut', 'passingScore'], 'Test-out score (%)', { number: true })
          : null}
      </Group>
    </form>
  );
}
