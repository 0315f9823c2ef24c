import { CourseError, type DraftFile, type StudioAdapter } from '@coursekit/core';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Where unsaved text is kept between a keystroke and the server's answer (a closed tab loses nothing). */
export type LocalCopies = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What the author's text is, as far as the server knows. */
export type SaveState =
  | { kind: 'saved' }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  /** The save failed (network, refusal): the text is kept here and in the local copy. */
  | { kind: 'failed'; message: string }
  /** Another author saved the file since this text's base: both texts are shown. */
  | { kind: 'conflict'; message: string; theirs: DraftFile };

interface LocalCopy {
  base: number;
  text: string;
}

const keyOf = (course: string, path: string) => `coursekit.studio.${course}.${path}`;

function readCopy(copies: LocalCopies | undefined, key: string): LocalCopy | null {
  try {
    const raw = copies?.getItem(key);
    return raw ? (JSON.parse(raw) as LocalCopy) : null;
  } catch {
    return null;
  }
}

/**
 * One draft file being edited: the text, saved `delayMs` after typing stops on the revision it was
 * made on. Every keystroke is kept in `copies` until the server has it, so a failed save or a closed
 * tab loses nothing: opening the file again restores the copy and saves it. A save on a revision
 * another author saved over comes back as a conflict holding their file; `keepMine` saves this text
 * over theirs (on their revision), `takeTheirs` drops it.
 */
export function useDraftFile(
  studio: StudioAdapter,
  course: string,
  file: DraftFile,
  options: { copies?: LocalCopies | undefined; delayMs: number; onSaved?: (file: DraftFile) => void },
) {
  const { path } = file;
  const { copies } = options;
  const key = keyOf(course, path);
  // Read once, when the file opens: a copy that differs from the server's text was never saved.
  const [restored] = useState(() => {
    const copy = readCopy(copies, key);
    return copy !== null && copy.text !== file.text ? copy : null;
  });
  const startsRestored = restored !== null;
  const [text, setText] = useState(restored ? restored.text : (file.text ?? ''));
  const [base, setBase] = useState(restored ? restored.base : file.revision);
  const [state, setState] = useState<SaveState>(startsRestored ? { kind: 'unsaved' } : { kind: 'saved' });
  const stateRef = useRef(state);
  stateRef.current = state;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ text, base });
  latest.current = { text, base };
  const onSaved = useRef(options.onSaved);
  onSaved.current = options.onSaved;

  // One save at a time: a save asked for while another is out waits for its new revision, so an
  // author's own saves never meet as a conflict.
  const inFlight = useRef(false);
  const queued = useRef(false);
  const saveRef = useRef<(onRevision?: number) => Promise<void>>(async () => undefined);
  const save = useCallback(
    async (onRevision?: number): Promise<void> => {
      clearTimeout(timer.current);
      if (inFlight.current) {
        queued.current = true;
        return;
      }
      inFlight.current = true;
      const { text: saving, base: from } = latest.current;
      const revision = onRevision ?? from;
      let saved = false;
      setState({ kind: 'saving' });
      try {
        const file = await studio.save(course, path, { text: saving }, revision);
        saved = true;
        // The local copy goes only once the server has its text (typing during the save keeps it).
        if (latest.current.text === saving) copies?.removeItem(key);
        setBase(file.revision);
        latest.current = { ...latest.current, base: file.revision };
        // Typing went on while the save was out: that text still waits for its own save.
        setState(latest.current.text === saving ? { kind: 'saved' } : { kind: 'unsaved' });
        onSaved.current?.(file);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const theirs =
          error instanceof CourseError && error.code === 'conflict'
            ? (await studio.draft(course).catch(() => null))?.files.find((f) => f.path === path)
            : undefined;
        setState(theirs ? { kind: 'conflict', message, theirs } : { kind: 'failed', message });
      } finally {
        inFlight.current = false;
      }
      // Text typed during the save goes now, on the revision just written (after a conflict or a
      // failure the author decides, so nothing more is sent on its own).
      if (queued.current) {
        queued.current = false;
        if (saved && latest.current.text !== saving) void saveRef.current();
      }
    },
    [studio, course, path, key, copies],
  );
  saveRef.current = save;

  const edit = useCallback(
    (next: string) => {
      setText(next);
      latest.current = { ...latest.current, text: next };
      try {
        copies?.setItem(key, JSON.stringify({ base: latest.current.base, text: next } satisfies LocalCopy));
      } catch {
        // A full or blocked storage only loses the tab-close safety net; the save still runs.
      }
      setState((s) => (s.kind === 'conflict' ? s : { kind: 'unsaved' }));
      clearTimeout(timer.current);
      // While a conflict is shown the author decides; nothing saves on its own.
      timer.current = setTimeout(() => {
        if (stateRef.current.kind !== 'conflict') void save();
      }, options.delayMs);
    },
    [key, copies, options.delayMs, save],
  );

  // A restored copy goes to the server at once, on opening the file (the editor is keyed by course
  // and path, so this runs once per file).
  const saveOnOpen = useRef(startsRestored);
  useEffect(() => {
    if (saveOnOpen.current) {
      saveOnOpen.current = false;
      void save();
    }
    return () => {
      clearTimeout(timer.current);
      // Leaving the file (another one opened, an outline action, the studio closed) sends what was
      // waiting for its autosave now: the draft on the server has it, not only this tab's copy.
      if (stateRef.current.kind === 'unsaved') void save();
    };
  }, [save]);

  const keepMine = useCallback(() => {
    if (state.kind !== 'conflict') return;
    void save(state.theirs.revision);
  }, [state, save]);

  const takeTheirs = useCallback(() => {
    if (state.kind !== 'conflict') return;
    const theirs = state.theirs;
    setText(theirs.text ?? '');
    setBase(theirs.revision);
    latest.current = { text: theirs.text ?? '', base: theirs.revision };
    copies?.removeItem(key);
    setState({ kind: 'saved' });
  }, [state, key, copies]);

  return { text, edit, state, save: () => save(), keepMine, takeTheirs, restored: startsRestored };
}
