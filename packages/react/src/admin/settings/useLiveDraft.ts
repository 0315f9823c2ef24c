import { useState } from 'react';

export interface LiveDraft<T> {
  /** What the field shows: the user's edit, or the stored value while they have none. */
  value: T;
  /** Sets what the user typed or chose; going back to where they started drops the edit. */
  set: (next: T) => void;
  /**
   * The stored value when it changed after the user started editing (another admin, a live
   * update), else undefined. Their edit stays; this is to say so beside the field.
   */
  changedMeanwhile: T | undefined;
  /** Drops the edit: the field follows the stored value again (after a save, or "use the new value"). */
  reset: () => void;
}

/**
 * A form field over a live value: it follows the stored value until the user edits it, and a live
 * update never replaces what they have typed.
 */
export function useLiveDraft<T>(stored: T): LiveDraft<T> {
  const [edit, setEdit] = useState<{ value: T; from: T } | null>(null);
  return {
    value: edit ? edit.value : stored,
    set(next) {
      const from = edit ? edit.from : stored;
      setEdit(Object.is(next, from) ? null : { value: next, from });
    },
    changedMeanwhile: edit && !Object.is(stored, edit.from) ? stored : undefined,
    reset: () => setEdit(null),
  };
}
