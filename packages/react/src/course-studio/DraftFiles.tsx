import type { CourseDraft, DraftFile, StudioAdapter } from '@coursekit/core';
import { useCallback, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import { newModuleFiles, objectivesOf, quizFilesOf } from './courseFiles';
import { FileEditor } from './FileEditor';
import { NewFile } from './NewFile';
import * as st from './studio.css';
import type { LocalCopies } from './useDraftFile';

// A course's draft as its files: the list by group beside the open file's editor.

const GROUPS: ReadonlyArray<[string, (path: string) => boolean]> = [
  ['Course', (p) => p === 'course.json'],
  ['Modules', (p) => p.startsWith('modules/')],
  ['Quizzes', (p) => p.startsWith('quizzes/')],
  ['Images', (p) => p.startsWith('images/')],
];

export function DraftFiles({
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
