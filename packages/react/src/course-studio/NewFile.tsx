import type { DraftFile, StudioAdapter } from '@coursekit/core';
import { useId, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import { newModuleFiles } from './courseFiles';
import { uploadDraftImage } from './draftImages';
import { messageOf } from './useLoad';

/** Adds a module, quiz or image file to the draft. */
export function NewFile({
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
