import {
  type DraftFile,
  joinModuleMarkdown,
  MIN_SECTION_LENGTH,
  type ModuleOutline,
  type StudioAdapter,
  splitModuleMarkdown,
} from '@coursekit/core';
import * as Tabs from '@radix-ui/react-tabs';
import { lazy, type ReactNode, Suspense, useId, useMemo, useRef, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import { useDraftImageUrls } from './draftImages';
import { LessonOutline } from './LessonOutline';
import { PreviewFrame } from './PreviewFrame';
import { StudioLoading } from './StudioLoading';
import * as st from './studio.css';

// TipTap and the preview's markdown step load only when a module is opened in the studio.
const LessonEditor = lazy(() => import('./LessonEditor'));
const LessonPreview = lazy(() => import('./LessonPreview'));

export interface ModuleEditorProps {
  studio: StudioAdapter;
  course: string;
  /** The module file's text as it stands (the draft's, with the author's edits). */
  text: string;
  /** The module file's new text after an edit; it saves like any typing in the file. */
  onEdit: (text: string) => void;
  /** The file's raw text field, shown on the Markdown tab. */
  markdownField: ReactNode;
  /** An image uploaded while editing a lesson. */
  onImageUploaded?: (file: DraftFile) => void;
  /** The lesson shown, when the outline chooses it (else the editor keeps its own). */
  lesson?: number;
  /** The author chose, added, moved or removed a lesson: the one shown now. */
  onLessonChange?: (lesson: number) => void;
}

/**
 * A module file edited lesson by lesson: its title, its lessons in order (add, rename, remove,
 * reorder) and each lesson's body in the rich editor with a preview. Every change is written back
 * as the module's markdown through `onEdit`, so saving, local copies and conflicts work as for the
 * raw text (still on the Markdown tab).
 */
export function ModuleEditor({
  studio,
  course,
  text,
  onEdit,
  markdownField,
  onImageUploaded,
  lesson: chosen,
  onLessonChange,
}: ModuleEditorProps) {
  const id = useId();
  const outline = useMemo(() => splitModuleMarkdown(text), [text]);
  const [own, setOwn] = useState(0);
  const selected = chosen ?? own;
  const setSelected = (index: number) => {
    setOwn(index);
    onLessonChange?.(index);
  };
  const [view, setView] = useState<'edit' | 'preview' | 'side'>('edit');
  const resolveImage = useDraftImageUrls(studio, course);
  // The rich editor reads its lesson once; text that changes from elsewhere (the Markdown tab,
  // Take Theirs) opens it afresh.
  const written = useRef(text);
  const [generation, setGeneration] = useState(0);
  const [seen, setSeen] = useState(text);
  if (text !== seen) {
    setSeen(text);
    if (text !== written.current) setGeneration((g) => g + 1);
  }
  const emit = (next: ModuleOutline) => {
    const joined = joinModuleMarkdown(next);
    written.current = joined;
    onEdit(joined);
  };
  const sections = outline.sections;
  const current = Math.min(selected, Math.max(0, sections.length - 1));
  const lesson = sections[current];
  const withSection = (index: number, change: Partial<ModuleOutline['sections'][number]>) =>
    emit({ ...outline, sections: sections.map((x, i) => (i === index ? { ...x, ...change } : x)) });

  return (
    <Tabs.Root defaultValue="lessons" className={s.stack}>
      <Tabs.List className={s.tabList} aria-label="Edit the module as">
        <Tabs.Trigger value="lessons" className={s.tab}>
          Lessons
        </Tabs.Trigger>
        <Tabs.Trigger value="markdown" className={s.tab}>
          Markdown
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="lessons" className={s.stack}>
        <div className={a.field}>
          <label htmlFor={`${id}-title`}>Module title</label>
          <input
            id={`${id}-title`}
            className={a.input}
            value={outline.title}
            onChange={(e) => emit({ ...outline, title: e.target.value.replace(/\n/g, ' ') })}
          />
        </div>
        <LessonOutline
          titles={sections.map((x) => x.title)}
          selected={current}
          onSelect={setSelected}
          onMove={(from, to) => {
            const next = [...sections];
            const [moved] = next.splice(from, 1);
            next.splice(to, 0, moved!);
            emit({ ...outline, sections: next });
            if (current === from) setSelected(to);
            else if (current > from && current <= to) setSelected(current - 1);
            else if (current < from && current >= to) setSelected(current + 1);
          }}
          onAdd={() => {
            emit({
              ...outline,
              sections: [...sections, { title: `Lesson ${sections.length + 1}`, body: '' }],
            });
            setSelected(sections.length);
            setGeneration((g) => g + 1);
          }}
          onRemove={(index) => {
            emit({ ...outline, sections: sections.filter((_, i) => i !== index) });
            setSelected(Math.max(0, index - 1));
            setGeneration((g) => g + 1);
          }}
        />
        {lesson ? (
          <section className={s.stack} aria-label={`Lesson ${current + 1}`}>
            <LessonTitle
              key={`${generation}-${current}`}
              title={lesson.title}
              onRename={(title) => withSection(current, { title })}
            />
            {lesson.body.length <= MIN_SECTION_LENGTH ? (
              <p className={s.muted}>
                A lesson is published once it has more than {MIN_SECTION_LENGTH} characters of text.
              </p>
            ) : null}
            <div className={s.row}>
              {(
                [
                  ['edit', 'Edit'],
                  ['preview', 'Preview'],
                  ['side', 'Side by Side'],
                ] as const
              ).map(([key, label]) => (
                <button
                  key={key}
                  type="button"
                  className={view === key ? s.button.primary : s.button.secondary}
                  aria-pressed={view === key}
                  onClick={() => setView(key)}
                >
                  {label}
                </button>
              ))}
            </div>
            <Suspense fallback={<StudioLoading what="the editor" />}>
              <div className={view === 'side' ? st.sideBySide : s.stack}>
                {view !== 'preview' ? (
                  <LessonEditor
                    key={`${generation}-${current}`}
                    studio={studio}
                    course={course}
                    markdown={lesson.body}
                    label={`Text of lesson “${lesson.title}”`}
                    onChange={(body) => withSection(current, { body })}
                    resolveImage={resolveImage}
                    {...(onImageUploaded ? { onImageUploaded } : {})}
                  />
                ) : null}
                {view !== 'edit' ? (
                  <PreviewFrame label="Preview as a learner">
                    <LessonPreview markdown={lesson.body} resolveImage={resolveImage} />
                  </PreviewFrame>
                ) : null}
              </div>
            </Suspense>
          </section>
        ) : (
          <p className={s.muted}>No lessons yet: add one.</p>
        )}
      </Tabs.Content>
      <Tabs.Content value="markdown" className={s.stack}>
        {markdownField}
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** The lesson's `## ` title; an empty title is not written (it would join the lesson to the one before). */
function LessonTitle({ title, onRename }: { title: string; onRename: (title: string) => void }) {
  const id = useId();
  const [value, setValue] = useState(title);
  const empty = !value.trim();
  return (
    <div className={a.field}>
      <label htmlFor={`${id}-title`}>Lesson title</label>
      <input
        id={`${id}-title`}
        className={a.input}
        value={value}
        onChange={(e) => {
          const next = e.target.value.replace(/\n/g, ' ');
          setValue(next);
          if (next.trim()) onRename(next.trim());
        }}
        aria-invalid={empty ? true : undefined}
        aria-describedby={empty ? `${id}-error` : undefined}
      />
      {empty ? (
        <p id={`${id}-error`} className={a.fieldError}>
          Enter a title
        </p>
      ) : null}
    </div>
  );
}
