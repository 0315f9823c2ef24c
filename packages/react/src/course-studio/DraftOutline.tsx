import {
  type CourseDraft,
  type DraftFile,
  lessonNoun,
  moduleFilePath,
  quizFilePath,
  type StudioAdapter,
  type StudioOutline,
  studioOutline,
} from '@coursekit/core';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import { newModuleFiles, objectivesOf, quizFilesOf } from './courseFiles';
import { type EditorNaming, FileEditor, type LiveText } from './FileEditor';
import { moduleLabel, type OutlineItem, OutlineNav } from './OutlineNav';
import { StudioLoading } from './StudioLoading';
import * as st from './studio.css';
import type { LocalCopies } from './useDraftFile';
import { messageOf } from './useLoad';
import { useOutlineEdits } from './useOutlineEdits';

// A course's draft as its outline: choosing an item opens the editor that edits it (the settings
// form, a module's lessons in the rich editor, a module's question form), named by what it is. The
// files stay as they are stored; only the Source view shows them.

// The media library and an image's page load when the author first opens one.
const MediaLibrary = lazy(() => import('./MediaLibrary').then((m) => ({ default: m.MediaLibrary })));
const OutlineImage = lazy(() => import('./OutlineImage').then((m) => ({ default: m.OutlineImage })));

interface Props {
  studio: StudioAdapter;
  draft: CourseDraft;
  copies: LocalCopies | undefined;
  saveDelayMs: number;
}

/** The file an outline item is edited in, and how the editor names it. */
function editedIn(item: OutlineItem, outline: StudioOutline): { path: string; naming: EditorNaming } | null {
  if (item.kind === 'settings')
    return {
      path: 'course.json',
      naming: { heading: 'Course settings', text: 'the course settings', subject: 'The course settings' },
    };
  if (item.kind === 'image' || item.kind === 'library') return null;
  const module = outline.modules.find((m) => m.id === item.module) ?? { id: item.module, name: '' };
  if (item.kind === 'questions')
    return {
      path: quizFilePath(item.module),
      naming: {
        heading: `Questions of ${moduleLabel(module)}`,
        text: `Module ${item.module}'s questions`,
        subject: `The questions of Module ${item.module}`,
      },
    };
  return {
    path: moduleFilePath(item.module),
    naming: {
      heading: moduleLabel(module),
      text: `Module ${item.module}'s lessons`,
      subject: lessonNoun(item.module, item.lesson),
    },
  };
}

export function DraftOutline({ studio, draft, copies, saveDelayMs }: Props) {
  const [files, setFiles] = useState(draft.files);
  const [selected, setSelected] = useState<OutlineItem>({ kind: 'settings' });
  const [error, setError] = useState<string | null>(null);
  // The open editor's text, saved or not, for the outline's actions to edit through. The outline
  // shows the saved files, and an action's edit at once (until its save is back): a render per
  // keystroke of the whole outline would slow typing.
  const live = useRef<LiveText | null>(null);
  const [overlay, setOverlay] = useState<{ path: string; text: string } | null>(null);
  const onLive = useCallback((next: LiveText | null) => {
    live.current = next;
    if (next)
      setOverlay((o) =>
        o && o.path === next.path && o.text !== next.text ? { path: o.path, text: next.text } : o,
      );
  }, []);
  const outline = useMemo(
    () =>
      studioOutline(
        overlay ? files.map((f) => (f.path === overlay.path ? { ...f, text: overlay.text } : f)) : files,
      ),
    [files, overlay],
  );
  const onSaved = useCallback((saved: DraftFile) => {
    setFiles((list) =>
      list.some((f) => f.path === saved.path)
        ? list.map((f) => (f.path === saved.path ? saved : f))
        : [...list, saved],
    );
    setOverlay((o) => (o && o.path === saved.path && o.text === saved.text ? null : o));
  }, []);
  // A module's files are made with it (and a file it lacks when first opened), unless they exist.
  const addModuleFiles = async (moduleId: number) => {
    for (const [path, content] of newModuleFiles(moduleId))
      if (!files.some((f) => f.path === path)) onSaved(await studio.save(draft.course, path, content, null));
  };
  const edits = useOutlineEdits({
    studio,
    course: draft.course,
    files,
    live,
    onLiveEdit: setOverlay,
    outline,
    selected,
    select: setSelected,
    onSaved,
    onRemoved: (path) => setFiles((list) => list.filter((f) => f.path !== path)),
  });
  const target = editedIn(selected, outline);
  const file = target ? files.find((f) => f.path === target.path) : undefined;
  return (
    <div className={st.workspace}>
      <OutlineNav outline={outline} selected={selected} onSelect={setSelected} edits={edits} />
      <div className={s.stack}>
        {error ? (
          <p className={a.fieldError} role="alert">
            {error}
          </p>
        ) : null}
        {selected.kind === 'library' ? (
          <Suspense fallback={<StudioLoading what="the media library" />}>
            <MediaLibrary
              studio={studio}
              course={draft.course}
              outline={outline}
              files={files}
              edits={edits}
              onSaved={onSaved}
              onOpen={setSelected}
            />
          </Suspense>
        ) : selected.kind === 'image' ? (
          <Suspense fallback={<StudioLoading what="the image" />}>
            <OutlineImage
              studio={studio}
              course={draft.course}
              outline={outline}
              path={selected.path}
              onOpen={setSelected}
            />
          </Suspense>
        ) : target && file && file.text !== null ? (
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
            naming={target.naming}
            onLive={onLive}
            {...(selected.kind === 'lesson'
              ? {
                  lesson: selected.lesson,
                  onLessonChange: (lesson: number) => setSelected({ ...selected, lesson }),
                }
              : {})}
          />
        ) : target && selected.kind !== 'settings' ? (
          <div className={s.stack}>
            <h3 className={s.subheading}>{target.naming.heading}</h3>
            <p className={s.muted}>This module has no lessons or questions yet.</p>
            <div className={s.row}>
              <button
                type="button"
                className={s.button.secondary}
                onClick={() => {
                  setError(null);
                  addModuleFiles(selected.module).catch((e) => setError(messageOf(e)));
                }}
              >
                Start Module {selected.module}
              </button>
            </div>
          </div>
        ) : (
          <p className={s.muted}>The course settings are missing: open the Source view.</p>
        )}
      </div>
    </div>
  );
}
