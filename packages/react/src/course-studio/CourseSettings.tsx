import { courseFileProblems } from '@coursekit/core';
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import * as st from './studio.css';

// course.json as a form (issue 17): the course's texts, objectives, modules in order, quiz settings
// and test-out. The file stays the truth: the form reads it, and writes it back whole (fields it does
// not show are kept) only when core's course-file schema accepts it, so a refused field is shown
// where it was typed and nothing half-valid reaches the draft.

type Json = Record<string, unknown>;
type Path = ReadonlyArray<string | number>;

const pathText = (path: Path) =>
  path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (node, key) => (node as Record<string | number, unknown> | undefined)?.[key],
    value,
  );
}

function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path;
  if (typeof key === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[key] = setAt(list[key], rest, next);
    return list;
  }
  const object = { ...((value ?? {}) as Json) };
  const child = setAt(object[key!], rest, next);
  if (child === undefined) delete object[key!];
  else object[key!] = child;
  return object;
}

const toText = (value: Json) => `${JSON.stringify(value, null, 2)}\n`;

function parse(text: string): { value: Json } | { error: string } {
  try {
    const value = JSON.parse(text) as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return { error: 'course.json must hold one object.' };
    return { value: value as Json };
  } catch (e) {
    return { error: `course.json is not valid JSON (${e instanceof Error ? e.message : String(e)}).` };
  }
}

export interface CourseSettingsProps {
  /** course.json's text as the draft holds it. */
  text: string;
  /** Called with the whole file when every field is acceptable. */
  onChange: (text: string) => void;
  /** A module was added to the list: make its files (modules/module-N.md, quizzes/module-N.json). */
  onModuleAdded?: (moduleId: number) => Promise<void>;
}

/** The course settings form; a text that is not JSON is sent back to the JSON view with the reason. */
export function CourseSettings({ text, onChange, onModuleAdded }: CourseSettingsProps) {
  // The text this form last handed over: its own write comes back as `text` and must not reset it.
  const emitted = useRef<string | null>(null);
  const [source, setSource] = useState({ text, generation: 0 });
  if (text !== source.text)
    // A text from elsewhere (Take Theirs, a restored copy) starts the form afresh.
    setSource({ text, generation: text === emitted.current ? source.generation : source.generation + 1 });
  const parsed = parse(text);
  if ('error' in parsed)
    return (
      <p className={s.banner.error} role="alert">
        {parsed.error} Correct it in the JSON view.
      </p>
    );
  return (
    <SettingsForm
      key={source.generation}
      initial={parsed.value}
      onModuleAdded={onModuleAdded}
      onChange={(next) => {
        emitted.current = next;
        onChange(next);
      }}
    />
  );
}

function SettingsForm({
  initial,
  onChange,
  onModuleAdded,
}: {
  initial: Json;
  onChange: (text: string) => void;
  onModuleAdded: CourseSettingsProps['onModuleAdded'];
}) {
  const id = useId();
  const [value, setValue] = useState<Json>(initial);
  const [announcement, setAnnouncement] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const problems = courseFileProblems(value);
  const problemCount = Object.keys(problems).length;
  // After a move the moved module's button keeps the focus, even when its item was re-inserted.
  const [moved, setMoved] = useState<{ module: string; up: boolean } | null>(null);
  useEffect(() => {
    if (!moved) return;
    const button = (up: boolean) =>
      document.getElementById(`${id}-move-${moved.module}-${up ? 'up' : 'down'}`) as HTMLButtonElement | null;
    const preferred = button(moved.up);
    (preferred && !preferred.disabled ? preferred : button(!moved.up))?.focus();
  }, [moved, id]);

  function update(next: Json) {
    setValue(next);
    if (Object.keys(courseFileProblems(next)).length === 0) onChange(toText(next));
  }
  const set = (path: Path, next: unknown) => update(setAt(value, path, next) as Json);

  const field = (path: Path, label: string, options: FieldOptions = {}) => (
    <Field
      key={pathText(path)}
      id={`${id}-${pathText(path)}`}
      label={label}
      value={getAt(value, path)}
      problem={problems[pathText(path)]}
      onChange={(next) => set(path, next)}
      {...options}
    />
  );

  const modules = (Array.isArray(value.modules) ? value.modules : []) as Json[];
  const objectives = (Array.isArray(value.objectives) ? value.objectives : []) as Json[];
  const nextModuleId = Math.max(0, ...modules.map((m) => Number(m.id) || 0)) + 1;
  const moduleName = (m: Json | undefined) =>
    `Module ${String(m?.id ?? '')}${m?.name ? `, ${String(m.name)}` : ''}`;

  function moveModule(from: number, to: number) {
    if (to < 0 || to >= modules.length || from === to) return;
    const list = [...modules];
    const [item] = list.splice(from, 1);
    list.splice(to, 0, item!);
    update({ ...value, modules: list });
    setMoved({ module: String(item!.id), up: to < from });
    setAnnouncement(`${moduleName(item)} is now at position ${to + 1} of ${list.length}.`);
  }

  const testOut = (value.testOut ?? null) as Json | null;

  return (
    <form className={s.stack} aria-label="Course settings" noValidate onSubmit={(e) => e.preventDefault()}>
      {problemCount > 0 ? (
        <p className={s.banner.error} role="alert">
          {problemCount === 1 ? 'One field needs' : `${problemCount} fields need`} attention; nothing is saved
          until {problemCount === 1 ? 'it is' : 'they are'} corrected.
        </p>
      ) : null}

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
          by its heading. A module's lessons are in modules/module-N.md and its questions in
          quizzes/module-N.json.
        </p>
        <ol className={s.list} aria-describedby={`${id}-modules-hint`}>
          {modules.map((m, i) => (
            <ModuleItem
              key={String(m.id)}
              buttonId={`${id}-move-${String(m.id)}`}
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
            </ModuleItem>
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
                  `Module ${nextModuleId} was added at position ${modules.length + 1}, with its files.`,
                ),
              (e: unknown) =>
                setAddError(
                  `Module ${nextModuleId}'s files were not made: ${e instanceof Error ? e.message : String(e)}`,
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
      </Group>

      <Group title="Final quiz">
        {field(['quizzes', 'finalQuiz', 'title'], 'Final quiz title')}
        {field(['quizzes', 'finalQuiz', 'description'], 'Final quiz description', { multiline: true })}
        {field(['quizzes', 'finalQuiz', 'passingScore'], 'Final quiz passing score (%)', { number: true })}
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

function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={s.stack} aria-labelledby={id}>
      <h4 id={id} className={s.subheading}>
        {title}
      </h4>
      {children}
    </section>
  );
}

interface FieldOptions {
  multiline?: boolean;
  number?: boolean;
  /** Empty removes the field from the file instead of leaving "". */
  optional?: boolean;
  hint?: string;
}

function Field({
  id,
  label,
  value,
  problem,
  onChange,
  multiline,
  number,
  optional,
  hint,
}: FieldOptions & {
  id: string;
  label: string;
  value: unknown;
  problem: string | undefined;
  onChange: (value: unknown) => void;
}) {
  const shown = value === undefined || value === null ? '' : String(value);
  const change = (raw: string) => {
    if (raw === '' && (optional || number)) onChange(undefined);
    else onChange(number ? Number(raw) : raw);
  };
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    className: a.input,
    value: shown,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
  return (
    <div className={a.field}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => change(e.target.value)} />
      ) : (
        <input
          {...common}
          type={number ? 'number' : 'text'}
          inputMode={number ? 'numeric' : undefined}
          onChange={(e) => change(e.target.value)}
        />
      )}
      {hint ? (
        <p id={`${id}-hint`} className={a.small}>
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className={a.fieldError}>
          {label} {problem}.
        </p>
      ) : null}
    </div>
  );
}

/** One module of the list: moved by its buttons (keyboard) or dragged by its heading. */
function ModuleItem({
  buttonId,
  index,
  count,
  label,
  onMove,
  onRemove,
  children,
}: {
  /** The Move buttons' id prefix (`-up`, `-down`), by which the form gives the focus back. */
  buttonId: string;
  index: number;
  count: number;
  label: string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const from = Number(e.dataTransfer.getData('application/x-coursekit-module'));
    if (Number.isInteger(from)) onMove(from, index);
  };
  return (
    <li
      className={st.settingsItem}
      data-drop-target={over ? 'true' : undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <div className={s.spread}>
        <h5
          className={st.dragHandle}
          draggable
          onDragStart={(e) => {
            e.dataTransfer.setData('application/x-coursekit-module', String(index));
            e.dataTransfer.effectAllowed = 'move';
          }}
        >
          {index + 1}. {label}
        </h5>
        <div className={s.row}>
          <button
            type="button"
            className={`${s.button.secondary} ${a.smallButton}`}
            id={`${buttonId}-up`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            Move Up<span className={s.visuallyHidden}> {label}</span>
          </button>
          <button
            type="button"
            className={`${s.button.secondary} ${a.smallButton}`}
            id={`${buttonId}-down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            Move Down<span className={s.visuallyHidden}> {label}</span>
          </button>
          <button type="button" className={`${s.button.secondary} ${a.smallButton}`} onClick={onRemove}>
            Remove<span className={s.visuallyHidden}> {label} from the course</span>
          </button>
        </div>
      </div>
      {children}
    </li>
  );
}
