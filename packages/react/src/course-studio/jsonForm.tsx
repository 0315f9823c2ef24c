import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import * as st from './studio.css';

// What the studio's forms over a course folder's JSON files share (course.json, quizzes/module-N.json):
// the file stays the truth. A form reads it, and writes it back whole (fields it does not show are
// kept) only when core's schema for the file accepts it, so a refused field is shown where it was
// typed and nothing half-valid reaches the draft.

export type Json = Record<string, unknown>;
export type Path = ReadonlyArray<string | number>;

/** A path as core's schema issues name it: `modules[1].name`. */
export const pathText = (path: Path) =>
  path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');

export function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (node, key) => (node as Record<string | number, unknown> | undefined)?.[key],
    value,
  );
}

/** A copy of `value` with `next` at `path` (undefined removes an object's field). */
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

/** A list moved: the item at `from` now at `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

const toText = (value: Json) => `${JSON.stringify(value, null, 2)}\n`;

function parse(name: string, text: string): { value: Json } | { error: string } {
  try {
    const value = JSON.parse(text) as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return { error: `${name} must hold one object.` };
    return { value: value as Json };
  } catch (e) {
    return { error: `${name} is not valid JSON (${e instanceof Error ? e.message : String(e)}).` };
  }
}

/**
 * A form over one JSON file of the draft. `children` renders the form from the file's value; its
 * `emit` writes the whole file. A text that comes from elsewhere (Take Theirs, a restored copy)
 * starts the form afresh; the form's own writes do not. A text that is not JSON is sent back to the
 * text view with the reason.
 */
export function JsonFileForm({
  name,
  text,
  onChange,
  children,
}: {
  name: string;
  text: string;
  onChange: (text: string) => void;
  children: (initial: Json, emit: (value: Json) => void) => ReactNode;
}) {
  const emitted = useRef<string | null>(null);
  const [source, setSource] = useState({ text, generation: 0 });
  if (text !== source.text)
    setSource({ text, generation: text === emitted.current ? source.generation : source.generation + 1 });
  const parsed = parse(name, text);
  if ('error' in parsed)
    return (
      <p className={s.banner.error} role="alert">
        {parsed.error} Correct it in the text view.
      </p>
    );
  const emit = (value: Json) => {
    emitted.current = toText(value);
    onChange(emitted.current);
  };
  return <FormGeneration key={source.generation}>{children(parsed.value, emit)}</FormGeneration>;
}

/** Remounts its children when its key changes (a new generation of the file). */
function FormGeneration({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/**
 * A form's state over a file's value: `update` keeps every keystroke in the form and hands the whole
 * value on only when `problemsOf` finds nothing; `field` renders a labelled field at a path with its
 * refusal, if any.
 */
export function useJsonForm(
  initial: Json,
  problemsOf: (value: Json) => Record<string, string>,
  onChange: (value: Json) => void,
) {
  const id = useId();
  const [value, setValue] = useState<Json>(initial);
  const problems = problemsOf(value);
  function update(next: Json) {
    setValue(next);
    if (Object.keys(problemsOf(next)).length === 0) onChange(next);
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
  return { id, value, problems, problemCount: Object.keys(problems).length, update, set, field };
}

/** The banner over a form whose fields are refused: nothing is saved until they are corrected. */
export function ProblemsBanner({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className={s.banner.error} role="alert">
      {count === 1 ? 'One field needs' : `${count} fields need`} attention; nothing is saved until{' '}
      {count === 1 ? 'it is' : 'they are'} corrected.
    </p>
  );
}

export function Group({ title, children }: { title: string; children: ReactNode }) {
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

export interface FieldOptions {
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
          {/^[A-Z]/.test(problem) ? problem : `${label} ${problem}.`}
        </p>
      ) : null}
    </div>
  );
}

/**
 * After a move, gives the focus back to the moved item's Move button (React may re-insert the item,
 * which drops the focus), or to its other one at either end of the list. Call the returned function
 * with the item's button id prefix and the direction it moved.
 */
export function useMoveFocus(): (buttonId: string, up: boolean) => void {
  const [movedItem, setMovedItem] = useState<{ buttonId: string; up: boolean } | null>(null);
  useEffect(() => {
    if (!movedItem) return;
    const button = (up: boolean) =>
      document.getElementById(`${movedItem.buttonId}-${up ? 'up' : 'down'}`) as HTMLButtonElement | null;
    const preferred = button(movedItem.up);
    (preferred && !preferred.disabled ? preferred : button(!movedItem.up))?.focus();
  }, [movedItem]);
  return (buttonId, up) => setMovedItem({ buttonId, up });
}

/** One item of an ordered list: moved by its buttons (keyboard) or dragged by its heading. */
export function OrderedItem({
  buttonId,
  dragType,
  index,
  count,
  label,
  removeText,
  onMove,
  onRemove,
  children,
}: {
  /** The Move buttons' id prefix (`-up`, `-down`), by which `useMoveFocus` gives the focus back. */
  buttonId: string;
  /** The drag data's type: an item is dropped only on its own list. */
  dragType: string;
  index: number;
  count: number;
  label: string;
  /** What Remove does, after the label, for screen readers (e.g. "from the course"). */
  removeText: string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    const raw = e.dataTransfer.getData(dragType);
    if (raw === '') return;
    e.preventDefault();
    setOver(false);
    const from = Number(raw);
    if (Number.isInteger(from)) onMove(from, index);
  };
  return (
    <li
      className={st.settingsItem}
      data-drop-target={over ? 'true' : undefined}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(dragType)) return;
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
            e.dataTransfer.setData(dragType, String(index));
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
            Remove
            <span className={s.visuallyHidden}>
              {' '}
              {label} {removeText}
            </span>
          </button>
        </div>
      </div>
      {children}
    </li>
  );
}
