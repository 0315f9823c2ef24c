import { type DraftFile, draftConflict, type QuizFile, type StudioAdapter } from '@coursekit/core';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import { CourseSettings } from './CourseSettings';
import { formOf } from './courseFiles';
import { StudioLoading } from './StudioLoading';
import * as st from './studio.css';
import { type LocalCopies, type SaveState, useDraftFile } from './useDraftFile';

// One draft file's editor: its save state, its conflict, and the form or text that edits it.

/** A module's lessons, edited lesson by lesson (the Markdown tab keeps the raw text). */
const MODULE_FILE = /^modules\/module-\d+\.md$/;
// Loaded with the first module opened: the studio's course list and review never need it.
const ModuleEditor = lazy(() => import('./ModuleEditor').then((m) => ({ default: m.ModuleEditor })));
// Loaded with the first module's questions opened (with the question's learner preview).
const QuizBank = lazy(() => import('./QuizBank').then((m) => ({ default: m.QuizBank })));

const SAVE_TEXT: Record<SaveState['kind'], string> = {
  saved: 'Saved',
  unsaved: 'Not saved yet',
  saving: 'Saving...',
  failed: 'Not saved',
  conflict: 'Not saved: another author saved it first',
};

/** An open file's text as the author has it, and the edit that changes it (and saves, as typing does). */
export interface LiveText {
  path: string;
  text: string;
  edit: (text: string) => void;
  /** Saves the text now (before the editor closes), instead of after the typing pause. */
  save: () => Promise<void>;
}

/** How the editor names what it edits: by default its path (the Source view). */
export interface EditorNaming {
  /** The editor's heading ("Module 1: Meters"). */
  heading: string;
  /** What the raw text is of ("Module 1's lessons"), after "Text of". */
  text: string;
  /** What a conflict or refusal names ("Lesson 2 of Module 1"). */
  subject: string;
}

export function FileEditor({
  studio,
  course,
  file,
  copies,
  delayMs,
  onSaved,
  onModuleAdded,
  objectives,
  quizFiles,
  naming,
  lesson,
  onLessonChange,
  onLive,
}: {
  studio: StudioAdapter;
  course: string;
  file: DraftFile;
  copies: LocalCopies | undefined;
  delayMs: number;
  onSaved: (file: DraftFile) => void;
  /** course.json's form added a module: its files are made. */
  onModuleAdded: (moduleId: number) => Promise<void>;
  /** The course's learning objectives, as course.json was last saved. */
  objectives: ReadonlyArray<{ id: string; text: string }>;
  /** The draft's quiz files as last saved (course.json's form checks draws against their banks). */
  quizFiles: ReadonlyMap<string, QuizFile>;
  /** Names for the outline's nouns; without them the file is named by its path. */
  naming?: EditorNaming;
  /** A module file's lesson to show (controlled by the outline), and its change. */
  lesson?: number;
  onLessonChange?: (lesson: number) => void;
  /** The text as the author has it (saved or not), and how to change it, on every change; null on close. */
  onLive?: (live: LiveText | null) => void;
}) {
  const id = useId();
  const names = naming ?? { heading: file.path, text: file.path, subject: file.path };
  // The server names the file by its path; the outline names it by what it holds.
  const inWords = (message: string) => message.split(file.path).join(names.subject);
  const draft = useDraftFile(studio, course, file, { copies, delayMs, onSaved });
  const { state } = draft;
  const { text, edit } = draft;
  const live = useRef(onLive);
  live.current = onLive;
  const saveNow = useRef(draft.save);
  saveNow.current = draft.save;
  useEffect(
    () => live.current?.({ path: file.path, text, edit, save: () => saveNow.current() }),
    [file.path, text, edit],
  );
  useEffect(() => () => live.current?.(null), []);
  // course.json and the quiz files are forms by default; their text stays one click away.
  const form = formOf(file.path);
  const [asText, setAsText] = useState(form === null);
  const textField = (
    <div className={a.field}>
      {form ? <ViewSwitch path={names.text} form={form} asText={asText} onChange={setAsText} /> : null}
      <label htmlFor={`${id}-text`}>Text of {names.text}</label>
      <textarea
        id={`${id}-text`}
        className={st.editor}
        value={draft.text}
        onChange={(e) => draft.edit(e.target.value)}
        spellCheck={file.path.endsWith('.md')}
      />
    </div>
  );
  return (
    <section className={s.stack} aria-labelledby={`${id}-name`}>
      <div className={s.spread}>
        <h3 id={`${id}-name`} className={s.subheading}>
          {names.heading}
        </h3>
        <p role="status" className={state.kind === 'saved' ? s.badge.success : s.badge.info}>
          {SAVE_TEXT[state.kind]}
        </p>
      </div>
      {draft.restored ? (
        <p className={s.banner.info}>Your unsaved text from this browser was restored and is being saved.</p>
      ) : null}
      {state.kind === 'failed' ? (
        <div className={s.banner.error} role="alert">
          <p className={s.text}>{inWords(state.message)}</p>
          <button type="button" className={s.button.secondary} onClick={() => void draft.save()}>
            Try Again
          </button>
        </div>
      ) : null}
      {state.kind === 'conflict' ? (
        <div className={s.stack} role="alert" aria-label="Save conflict">
          <p className={s.text}>
            {naming
              ? draftConflict(names.subject, state.theirs.updated_by, state.theirs.revision)
              : state.message}
          </p>
          <div className={st.compare}>
            <div className={a.field}>
              <label htmlFor={`${id}-theirs`}>
                Their version{state.theirs.updated_by ? ` (${state.theirs.updated_by})` : ''}
              </label>
              <textarea id={`${id}-theirs`} className={st.editor} readOnly value={state.theirs.text ?? ''} />
            </div>
            <div className={a.field}>
              <label htmlFor={`${id}-text`}>Your version (edit it to merge)</label>
              <textarea
                id={`${id}-text`}
                className={st.editor}
                value={draft.text}
                onChange={(e) => draft.edit(e.target.value)}
                spellCheck
              />
            </div>
          </div>
          <div className={s.row}>
            <button type="button" className={s.button.primary} onClick={draft.keepMine}>
              Keep Mine
            </button>
            <button type="button" className={s.button.secondary} onClick={draft.takeTheirs}>
              Take Theirs
            </button>
          </div>
        </div>
      ) : MODULE_FILE.test(file.path) ? (
        <Suspense fallback={<StudioLoading what="the lessons" />}>
          <ModuleEditor
            studio={studio}
            course={course}
            text={draft.text}
            onEdit={draft.edit}
            onImageUploaded={onSaved}
            markdownField={textField}
            {...(lesson !== undefined ? { lesson } : {})}
            {...(onLessonChange ? { onLessonChange } : {})}
          />
        </Suspense>
      ) : form && !asText ? (
        <>
          <ViewSwitch path={names.text} form={form} asText={asText} onChange={setAsText} />
          {form === 'Settings Form' ? (
            <CourseSettings
              text={draft.text}
              onChange={draft.edit}
              onModuleAdded={onModuleAdded}
              quizFiles={quizFiles}
            />
          ) : (
            <Suspense fallback={<StudioLoading what="the questions" />}>
              <QuizBank text={draft.text} onChange={draft.edit} objectives={objectives} />
            </Suspense>
          )}
        </>
      ) : (
        textField
      )}
    </section>
  );
}

/** A file's two views: its form and its text. */
function ViewSwitch({
  path,
  form,
  asText,
  onChange,
}: {
  path: string;
  form: string;
  asText: boolean;
  onChange: (asText: boolean) => void;
}) {
  return (
    <fieldset className={s.fieldset}>
      <legend className={s.visuallyHidden}>Edit {path} as</legend>
      <div className={s.row}>
        <button
          type="button"
          className={`${asText ? s.button.secondary : s.button.primary} ${a.smallButton}`}
          aria-pressed={!asText}
          onClick={() => onChange(false)}
        >
          {form}
        </button>
        <button
          type="button"
          className={`${asText ? s.button.primary : s.button.secondary} ${a.smallButton}`}
          aria-pressed={asText}
          onClick={() => onChange(true)}
        >
          JSON Text
        </button>
      </div>
    </fieldset>
  );
}
