import {
  COURSE_SLUG_PATTERN,
  type CourseChanges,
  type CourseDraft,
  type CourseVersion,
  type DraftChanges,
  type DraftFile,
  type PublishResult,
  type QuizFile,
  QuizFileSchema,
  type StudioAdapter,
  type StudioCourse,
} from '@coursekit/core';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import * as a from '../admin/admin.css';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import * as s from '../ui/styles.css';
import { WidgetRoot } from '../ui/WidgetRoot';
import { CourseSettings } from './CourseSettings';
import { uploadDraftImage } from './draftImages';
import { QuizBank } from './QuizBank';
import * as st from './studio.css';
import { type LocalCopies, type SaveState, useDraftFile } from './useDraftFile';

// The course studio, the console's screens over `admin.studio`: courses, a course's
// draft file by file with saves that never overwrite another author, the review an admin publishes
// from, and the history. A module's lessons are edited in a rich editor (ModuleEditor), every other
// file as the course folder's text.

export interface CourseStudioProps {
  /** The admin adapter's studio part (`adapter.admin.studio`). */
  studio: StudioAdapter;
  /** Admins publish and restore; moderators (authors) write, review and compare. */
  canPublish: boolean;
  /** Where unsaved text waits for the server (default: the page's localStorage). */
  copies?: LocalCopies;
  /** How long typing pauses before a save, in ms (default 800). */
  saveDelayMs?: number;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Loads something once (and again on `reload`), with its error. */
function useLoad<T>(load: () => Promise<T>) {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean; loads: number }>({
    loading: true,
    loads: 0,
  });
  const run = useCallback(() => {
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => setState((s) => ({ data, loading: false, loads: s.loads + 1 })),
      (error) => setState((s) => ({ ...s, error: messageOf(error), loading: false })),
    );
  }, [load]);
  useEffect(run, [run]);
  return { ...state, reload: run };
}

export function CourseStudio(props: CourseStudioProps) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <WidgetRoot label="Course studio">
      <div className={s.stack}>
        {open ? (
          <CourseWorkspace {...props} course={open} onBack={() => setOpen(null)} />
        ) : (
          <StudioCourses studio={props.studio} onOpen={setOpen} />
        )}
      </div>
    </WidgetRoot>
  );
}

// --- courses ------------------------------------------------------------------------------------

const STATUS: Record<StudioCourse['status'], string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

function StudioCourses({ studio, onOpen }: { studio: StudioAdapter; onOpen: (slug: string) => void }) {
  const load = useCallback(() => studio.courses(), [studio]);
  const list = useLoad(load);
  const id = useId();
  return (
    <>
      <h2 className={s.heading}>Courses</h2>
      {list.error ? (
        <p className={a.fieldError} role="alert">
          {list.error}
        </p>
      ) : null}
      <div className={a.tableWrap}>
        <table className={a.table} aria-label="Courses in the studio" aria-busy={list.loading}>
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Status</th>
              <th scope="col">Published version</th>
              <th scope="col">Draft</th>
              <th scope="col">
                <span className={s.visuallyHidden}>Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((c) => (
              <tr key={c.slug}>
                <th scope="row">
                  {c.title}
                  <p className={a.small}>{c.slug}</p>
                </th>
                <td>{STATUS[c.status]}</td>
                <td>{c.published_version === 0 ? 'None yet' : c.published_version}</td>
                <td>
                  {c.draft_changed ? (
                    <span className={s.badge.info}>Unpublished changes</span>
                  ) : (
                    <span className={s.badge.muted}>As published</span>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className={`${s.button.secondary} ${a.smallButton}`}
                    onClick={() => onOpen(c.slug)}
                  >
                    Open<span className={s.visuallyHidden}> {c.title}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className={s.card} aria-labelledby={`${id}-new`}>
        <h3 id={`${id}-new`} className={s.subheading}>
          New Course
        </h3>
        <NewCourseForm studio={studio} courses={list.data ?? []} onCreated={onOpen} />
      </section>
    </>
  );
}

function NewCourseForm({
  studio,
  courses,
  onCreated,
}: {
  studio: StudioAdapter;
  courses: StudioCourse[];
  onCreated: (slug: string) => void;
}) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [copyOf, setCopyOf] = useState('');
  const [errors, setErrors] = useState<{ title?: string; slug?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const shownSlug = slugEdited ? slug : slugOf(title);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!title.trim()) found.title = 'Enter a title';
    if (!COURSE_SLUG_PATTERN.test(shownSlug)) found.slug = 'Lower-case words joined by hyphens';
    setErrors(found);
    if (found.title || found.slug) return;
    setBusy(true);
    try {
      const made = await studio.create({
        slug: shownSlug,
        title: title.trim(),
        ...(copyOf ? { copyOf } : {}),
      });
      onCreated(made.slug);
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields ?? {};
      const code = (error as { code?: string }).code;
      // A slug another course has is the slug field's problem; anything else the form's.
      setErrors({
        ...(fields.title ? { title: fields.title } : {}),
        ...(fields.slug || code === 'conflict' ? { slug: fields.slug ?? messageOf(error) } : {}),
        ...(!fields.title && !fields.slug && code !== 'conflict' ? { form: messageOf(error) } : {}),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={s.stack} onSubmit={(e) => void submit(e)} noValidate>
      <div className={a.field}>
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          className={a.input}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
        />
        {errors.title ? (
          <p id={`${id}-title-error`} className={a.fieldError}>
            {errors.title}
          </p>
        ) : null}
      </div>
      <div className={a.field}>
        <label htmlFor={`${id}-slug`}>Slug (the course's address: /courses/…)</label>
        <input
          id={`${id}-slug`}
          className={a.input}
          value={shownSlug}
          onChange={(e) => {
            setSlugEdited(true);
            setSlug(e.target.value);
          }}
          aria-invalid={errors.slug ? true : undefined}
          aria-describedby={errors.slug ? `${id}-slug-error` : undefined}
        />
        {errors.slug ? (
          <p id={`${id}-slug-error`} className={a.fieldError}>
            {errors.slug}
          </p>
        ) : null}
      </div>
      <div className={a.field}>
        <label htmlFor={`${id}-copy`}>Start from</label>
        <select
          id={`${id}-copy`}
          className={s.select}
          value={copyOf}
          onChange={(e) => setCopyOf(e.target.value)}
        >
          <option value="">An empty course</option>
          {courses.map((c) => (
            <option key={c.slug} value={c.slug}>
              A copy of {c.title}
            </option>
          ))}
        </select>
      </div>
      {errors.form ? (
        <p className={a.fieldError} role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className={s.row}>
        <button type="submit" className={s.button.primary} disabled={busy}>
          {busy ? 'Creating...' : 'Create Course'}
        </button>
      </div>
    </form>
  );
}

// --- one course ---------------------------------------------------------------------------------

type Pane = 'files' | 'review' | 'history';

function CourseWorkspace({
  studio,
  canPublish,
  copies,
  saveDelayMs = 800,
  course,
  onBack,
}: CourseStudioProps & { course: string; onBack: () => void }) {
  const [pane, setPane] = useState<Pane>('files');
  // Each press of a pane's button shows it afresh: the review and history read the server again.
  const [visit, setVisit] = useState(0);
  const load = useCallback(() => studio.draft(course), [studio, course]);
  const draft = useLoad(load);
  const local = copies ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  return (
    <>
      <div className={s.spread}>
        <h2 className={s.heading}>{course}</h2>
        <button type="button" className={s.button.secondary} onClick={onBack}>
          All Courses
        </button>
      </div>
      <nav aria-label="Studio" className={s.row}>
        {(
          [
            ['files', 'Files'],
            ['review', canPublish ? 'Review & Publish' : 'Review'],
            ['history', 'History'],
          ] as const
        ).map(([key, label]) => (
          <button
            key={key}
            type="button"
            className={pane === key ? s.button.primary : s.button.secondary}
            aria-current={pane === key ? 'page' : undefined}
            onClick={() => {
              setPane(key);
              setVisit((n) => n + 1);
              if (key === 'files') draft.reload();
            }}
          >
            {label}
          </button>
        ))}
      </nav>
      {draft.error ? (
        <p className={a.fieldError} role="alert">
          {draft.error}
        </p>
      ) : null}
      {pane === 'files' && draft.data && !draft.loading ? (
        // Each load of the draft starts the file list afresh (its revisions are the server's now).
        <DraftFiles
          key={draft.loads}
          studio={studio}
          draft={draft.data}
          copies={local}
          saveDelayMs={saveDelayMs}
        />
      ) : null}
      {pane === 'review' ? (
        <Review key={visit} studio={studio} course={course} canPublish={canPublish} />
      ) : null}
      {pane === 'history' ? (
        <History key={visit} studio={studio} course={course} canPublish={canPublish} />
      ) : null}
    </>
  );
}

const GROUPS: ReadonlyArray<[string, (path: string) => boolean]> = [
  ['Course', (p) => p === 'course.json'],
  ['Modules', (p) => p.startsWith('modules/')],
  ['Quizzes', (p) => p.startsWith('quizzes/')],
  ['Images', (p) => p.startsWith('images/')],
];

function DraftFiles({
  studio,
  draft,
  copies,
  saveDelayMs,
}: {
  studio: StudioAdapter;
  draft: CourseDraft;
  copies: LocalCopies | undefined;
  saveDelayMs: number;
}) {
  const [files, setFiles] = useState(draft.files);
  const [open, setOpen] = useState<string>(draft.files.find((f) => f.text !== null)?.path ?? '');
  const file = files.find((f) => f.path === open);
  const onSaved = useCallback(
    (saved: DraftFile) =>
      setFiles((list) =>
        list.some((f) => f.path === saved.path)
          ? list.map((f) => (f.path === saved.path ? saved : f))
          : [...list, saved],
      ),
    [],
  );
  // The settings form's Add Module: the module's files are made with it, unless they exist.
  const addModuleFiles = async (moduleId: number) => {
    for (const [path, content] of newModuleFiles(moduleId))
      if (!files.some((f) => f.path === path)) onSaved(await studio.save(draft.course, path, content, null));
  };
  return (
    <div className={st.workspace}>
      <nav aria-label="Draft files" className={s.stack}>
        {GROUPS.map(([group, test]) => {
          const own = files.filter((f) => test(f.path));
          return own.length === 0 ? null : (
            <div key={group}>
              <h3 className={a.small}>{group}</h3>
              <ul className={s.list}>
                {own.map((f) => (
                  <li key={f.path}>
                    <button
                      type="button"
                      className={st.fileButton}
                      aria-current={f.path === open ? 'true' : undefined}
                      onClick={() => setOpen(f.path)}
                    >
                      {f.path.slice(f.path.indexOf('/') + 1)}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
        <NewFile
          studio={studio}
          course={draft.course}
          files={files}
          onAdded={(added) => {
            for (const f of added) onSaved(f);
            setOpen(added[0]!.path);
          }}
        />
      </nav>
      <div className={s.stack}>
        {file && file.text !== null ? (
          <FileEditor
            key={`${draft.course}/${file.path}`}
            studio={studio}
            course={draft.course}
            file={file}
            copies={copies}
            delayMs={saveDelayMs}
            onSaved={onSaved}
            onModuleAdded={addModuleFiles}
            objectives={objectivesOf(files)}
            quizFiles={quizFilesOf(files)}
          />
        ) : file ? (
          <p className={s.muted}>
            {file.path}: an image of {Math.max(1, Math.round(file.bytes / 1024))} KB. Lessons show it as
            <code className={a.code}>
              {' '}
              ![what it shows](/storage/image-assets/{file.path.slice('images/'.length)})
            </code>
            .
          </p>
        ) : (
          <p className={s.muted}>Choose a file.</p>
        )}
      </div>
    </div>
  );
}

/** A module's lessons, edited lesson by lesson (the Markdown tab keeps the raw text). */
const MODULE_FILE = /^modules\/module-\d+\.md$/;
// Loaded with the first module opened: the studio's course list and review never need it.
const ModuleEditor = lazy(() => import('./ModuleEditor').then((m) => ({ default: m.ModuleEditor })));

const SAVE_TEXT: Record<SaveState['kind'], string> = {
  saved: 'Saved',
  unsaved: 'Not saved yet',
  saving: 'Saving...',
  failed: 'Not saved',
  conflict: 'Not saved: another author saved this file',
};

function FileEditor({
  studio,
  course,
  file,
  copies,
  delayMs,
  onSaved,
  onModuleAdded,
  objectives,
  quizFiles,
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
}) {
  const id = useId();
  const draft = useDraftFile(studio, course, file, { copies, delayMs, onSaved });
  const { state } = draft;
  // course.json and the quiz files are forms by default; their text stays one click away.
  const form = formOf(file.path);
  const [asText, setAsText] = useState(form === null);
  const textField = (
    <div className={a.field}>
      {form ? <ViewSwitch path={file.path} form={form} asText={asText} onChange={setAsText} /> : null}
      <label htmlFor={`${id}-text`}>Text of {file.path}</label>
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
          {file.path}
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
          <p className={s.text}>{state.message}</p>
          <button type="button" className={s.button.secondary} onClick={() => void draft.save()}>
            Try Again
          </button>
        </div>
      ) : null}
      {state.kind === 'conflict' ? (
        <div className={s.stack} role="alert" aria-label="Save conflict">
          <p className={s.text}>{state.message}</p>
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
        <Suspense fallback={<p className={s.muted}>Loading the lessons...</p>}>
          <ModuleEditor
            studio={studio}
            course={course}
            text={draft.text}
            onEdit={draft.edit}
            onImageUploaded={onSaved}
            markdownField={textField}
          />
        </Suspense>
      ) : form && !asText ? (
        <>
          <ViewSwitch path={file.path} form={form} asText={asText} onChange={setAsText} />
          {form === 'Settings Form' ? (
            <CourseSettings
              text={draft.text}
              onChange={draft.edit}
              onModuleAdded={onModuleAdded}
              quizFiles={quizFiles}
            />
          ) : (
            <QuizBank text={draft.text} onChange={draft.edit} objectives={objectives} />
          )}
        </>
      ) : (
        textField
      )}
    </section>
  );
}

/** The learning objectives course.json lists (none while it is not valid JSON). */
function objectivesOf(files: readonly DraftFile[]): Array<{ id: string; text: string }> {
  try {
    const course = JSON.parse(files.find((f) => f.path === 'course.json')?.text ?? '{}') as {
      objectives?: unknown;
    };
    return Array.isArray(course.objectives)
      ? course.objectives.filter(
          (o): o is { id: string; text: string } => typeof o?.id === 'string' && typeof o?.text === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** The draft's quiz files the quiz-file schema accepts, by path. */
function quizFilesOf(files: readonly DraftFile[]): Map<string, QuizFile> {
  const quizzes = new Map<string, QuizFile>();
  for (const f of files) {
    if (!f.path.startsWith('quizzes/') || f.text === null) continue;
    try {
      const parsed = QuizFileSchema.safeParse(JSON.parse(f.text));
      if (parsed.success) quizzes.set(f.path, parsed.data);
    } catch {
      // Not JSON yet: its questions count once it is.
    }
  }
  return quizzes;
}

/** Which form edits a file, if any. */
const formOf = (path: string) =>
  path === 'course.json' ? 'Settings Form' : path.startsWith('quizzes/') ? 'Question Form' : null;

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

/** A new module's two files: its lessons' markdown and its quiz file (course.json lists it by id). */
const newModuleFiles = (id: number): Array<[string, { text: string }]> => [
  [`modules/module-${id}.md`, { text: `# Module ${id}\n` }],
  [
    `quizzes/module-${id}.json`,
    { text: `${JSON.stringify({ moduleId: id, preAssessment: [], finalQuiz: [] }, null, 2)}\n` },
  ],
];

/** Adds a module, quiz or image file to the draft. */
function NewFile({
  studio,
  course,
  files,
  onAdded,
}: {
  studio: StudioAdapter;
  course: string;
  files: DraftFile[];
  /** The files just added, in the order given; the first is the one to open. */
  onAdded: (files: DraftFile[]) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nextModule = Math.max(0, ...files.map((f) => Number(/module-(\d+)/.exec(f.path)?.[1] ?? 0))) + 1;

  async function add(...added: Array<[string, { text: string } | { base64: string }]>) {
    setBusy(true);
    setError(null);
    try {
      const saved: DraftFile[] = [];
      try {
        for (const [path, content] of added) saved.push(await studio.save(course, path, content, null));
      } finally {
        if (saved.length > 0) onAdded(saved);
      }
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  async function upload(picked: File | undefined) {
    if (!picked) return;
    setBusy(true);
    setError(null);
    try {
      onAdded([await uploadDraftImage(studio, course, picked)]);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={s.stack}>
      <button
        type="button"
        className={`${s.button.secondary} ${a.smallButton}`}
        disabled={busy}
        onClick={() => void add(...newModuleFiles(nextModule))}
      >
        Add Module {nextModule} Files
      </button>
      <div className={a.field}>
        <label htmlFor={`${id}-image`}>Upload an image</label>
        <input
          id={`${id}-image`}
          type="file"
          accept="image/svg+xml,image/png,image/jpeg,image/gif,image/webp"
          disabled={busy}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
      </div>
      {error ? (
        <p className={a.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

// --- review and publish -------------------------------------------------------------------------

function ChangesView({ changes }: { changes: CourseChanges }) {
  const nothing =
    changes.course.length +
      changes.modules.length +
      changes.lessons.length +
      changes.questions.length +
      changes.images.length ===
    0;
  if (nothing) return <p className={s.muted}>No changes.</p>;
  return (
    <div className={s.stack}>
      {changes.course.length > 0 ? (
        <p className={s.text}>Course details changed: {changes.course.join(', ')}</p>
      ) : null}
      {changes.modules.length > 0 ? (
        <ul className={s.list} aria-label="Modules">
          {changes.modules.map((m) => (
            <li key={m.id}>
              Module {m.id}, {m.name}: {m.change}
            </li>
          ))}
        </ul>
      ) : null}
      {changes.lessons.map((l) => (
        <section key={l.key} aria-label={`Lesson ${l.title}`} className={s.stack}>
          <h4 className={s.text}>
            Lesson “{l.title}” (module {l.module_id}): <strong>{l.change}</strong>
          </h4>
          {l.diff.length > 0 ? (
            <pre className={st.diff}>
              {l.diff.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are its order
                <span key={i} className={st.diffLine[line.kind]}>
                  {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
                  {line.text}
                  {line.kind === 'added' ? <span className={s.visuallyHidden}> (added)</span> : null}
                  {line.kind === 'removed' ? <span className={s.visuallyHidden}> (removed)</span> : null}
                </span>
              ))}
            </pre>
          ) : null}
        </section>
      ))}
      {changes.questions.length > 0 ? (
        <ul className={s.list} aria-label="Questions">
          {changes.questions.map((q) => (
            <li key={`${q.module_id}-${q.quiz}-${q.number}`}>
              Module {q.module_id}, {q.quiz === 'course' ? 'final quiz' : 'pre-assessment'} question{' '}
              {q.number}: {q.change}
              {q.after && q.change !== 'removed' ? ` — “${q.after}”` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {changes.images.length > 0 ? (
        <ul className={s.list} aria-label="Images">
          {changes.images.map((i) => (
            <li key={i.path}>
              {i.path}: {i.change}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Review({
  studio,
  course,
  canPublish,
}: {
  studio: StudioAdapter;
  course: string;
  canPublish: boolean;
}) {
  const id = useId();
  const load = useCallback(() => studio.changes(course), [studio, course]);
  const review = useLoad<DraftChanges>(load);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<
    { ok: true; result: PublishResult } | { ok: false; text: string } | null
  >(null);

  async function publish() {
    if (!review.data) return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await studio.publish(course, review.data.draft_hash, note.trim() || undefined);
      setOutcome({ ok: true, result });
      setNote('');
      review.reload();
    } catch (error) {
      setOutcome({ ok: false, text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={s.stack} aria-labelledby={`${id}-review`}>
      <h3 id={`${id}-review`} className={s.subheading}>
        Changes since{' '}
        {review.data?.published_version ? `version ${review.data.published_version}` : 'the start'}
      </h3>
      {review.error ? (
        <p className={a.fieldError} role="alert">
          {review.error}
        </p>
      ) : null}
      {review.data ? <ChangesView changes={review.data.changes} /> : <p className={s.muted}>Loading...</p>}
      {canPublish ? (
        <div className={s.stack}>
          <div className={a.field}>
            <label htmlFor={`${id}-note`}>Note for the history (optional)</label>
            <input
              id={`${id}-note`}
              className={a.input}
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <div className={s.row}>
            <button
              type="button"
              className={s.button.primary}
              disabled={busy || !review.data}
              onClick={() => void publish()}
            >
              {busy ? 'Publishing...' : 'Publish'}
            </button>
            <button type="button" className={s.button.secondary} disabled={busy} onClick={review.reload}>
              Review Again
            </button>
          </div>
        </div>
      ) : (
        <p className={s.muted}>Only an admin can publish. Your changes are saved in the draft.</p>
      )}
      <div aria-live="polite">
        {outcome?.ok ? (
          <p className={a.result.success}>
            {`Published version ${outcome.result.version.version}. Lessons: ${outcome.result.summary.inserted} added, ${outcome.result.summary.updated} changed, ${outcome.result.summary.deactivated} removed.`}
          </p>
        ) : null}
      </div>
      {outcome && !outcome.ok ? (
        <p className={a.result.failure} role="alert">
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}

// --- history ------------------------------------------------------------------------------------

function History({
  studio,
  course,
  canPublish,
}: {
  studio: StudioAdapter;
  course: string;
  canPublish: boolean;
}) {
  const id = useId();
  const load = useCallback(() => studio.versions(course), [studio, course]);
  const versions = useLoad<CourseVersion[]>(load);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [compared, setCompared] = useState<CourseChanges | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const list = versions.data ?? [];
  const newest = list[0]?.version ?? null;
  const left = from ?? list[1]?.version ?? null;
  const right = to ?? newest;

  async function compare() {
    if (left === null || right === null) return;
    setMessage(null);
    try {
      setCompared(await studio.compare(course, left, right));
    } catch (error) {
      setMessage({ ok: false, text: messageOf(error) });
    }
  }

  async function restore(version: number) {
    setMessage(null);
    try {
      const result = await studio.restore(course, version);
      setMessage({
        ok: true,
        text: `Version ${version} was published again as version ${result.version.version}.`,
      });
      versions.reload();
    } catch (error) {
      setMessage({ ok: false, text: messageOf(error) });
    }
  }

  return (
    <section className={s.stack} aria-labelledby={`${id}-history`}>
      <h3 id={`${id}-history`} className={s.subheading}>
        History
      </h3>
      {versions.error ? (
        <p className={a.fieldError} role="alert">
          {versions.error}
        </p>
      ) : null}
      <div className={a.tableWrap}>
        <table className={a.table} aria-label="Versions" aria-busy={versions.loading}>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Published</th>
              <th scope="col">By</th>
              <th scope="col">Note</th>
              {canPublish ? (
                <th scope="col">
                  <span className={s.visuallyHidden}>Restore</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {list.map((v) => (
              <tr key={v.version}>
                <th scope="row">{v.version}</th>
                <td>{new Date(v.published_at).toLocaleString()}</td>
                <td>{v.published_by ?? 'The content folder'}</td>
                <td>{v.restored_from ? `Restored version ${v.restored_from}` : (v.note ?? '')}</td>
                {canPublish ? (
                  <td>
                    {v.version === newest ? null : (
                      <ConfirmDialog
                        trigger={
                          <button type="button" className={`${s.button.secondary} ${a.smallButton}`}>
                            Restore<span className={s.visuallyHidden}> version {v.version}</span>
                          </button>
                        }
                        title={`Restore version ${v.version}`}
                        description={`Learners get version ${v.version} again, as a new version. Their progress carries over by lesson, as with every publish. Unpublished edits in the draft stay.`}
                        confirmLabel="Restore"
                        onConfirm={() => void restore(v.version)}
                      />
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.length > 1 ? (
        <div className={s.row}>
          <VersionSelect
            id={`${id}-from`}
            label="Compare version"
            versions={list}
            value={left}
            onChange={setFrom}
          />
          <VersionSelect
            id={`${id}-to`}
            label="with version"
            versions={list}
            value={right}
            onChange={setTo}
          />
          <button type="button" className={s.button.secondary} onClick={() => void compare()}>
            Compare
          </button>
        </div>
      ) : null}
      {compared ? <ChangesView changes={compared} /> : null}
      {message ? (
        <p
          className={message.ok ? a.result.success : a.result.failure}
          role={message.ok ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}

/** One of the two versions History compares. */
function VersionSelect({
  id,
  label,
  versions,
  value,
  onChange,
}: {
  id: string;
  label: string;
  versions: CourseVersion[];
  value: number | null;
  onChange: (version: number) => void;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={s.select}
        value={value ?? ''}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            {v.version}
          </option>
        ))}
      </select>
    </>
  );
}
