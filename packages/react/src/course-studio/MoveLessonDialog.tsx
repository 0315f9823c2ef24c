import { lessonMoveEffect, lessonMoveWarning, type StudioOutline } from '@coursekit/core';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import { usePortalContainer } from '../ui/WidgetRoot';
import { moduleLabel } from './OutlineNav';

/** A lesson's move into another module, as the author is choosing it. */
export interface PendingMove {
  module: number;
  lesson: number;
  target: number;
  /** Its place among the target's lessons after the move. */
  to: number;
}

/**
 * "Move to Module…": the author picks the module and the place, and reads what learners keep (core's
 * rule: completions follow a lesson's module, place and title) before confirming. A drag of a lesson
 * onto another module's lesson opens it with that choice made.
 */
export function MoveLessonDialog({
  outline,
  move,
  onChange,
  onConfirm,
  onClose,
  onFocusBack,
}: {
  outline: StudioOutline;
  move: PendingMove | null;
  onChange: (move: PendingMove) => void;
  onConfirm: (move: PendingMove) => void;
  onClose: (confirmed: boolean) => void;
  /** Puts the focus back in the outline when the dialog closes (it has no trigger to return to). */
  onFocusBack: () => void;
}) {
  const id = useId();
  const container = usePortalContainer();
  const source = move ? outline.modules.find((m) => m.id === move.module) : undefined;
  const title = source?.lessons[move?.lesson ?? 0]?.title ?? '';
  const target = move ? outline.modules.find((m) => m.id === move.target) : undefined;
  const places = (target?.lessons.length ?? 0) + 1;
  const placeOptions = Array.from({ length: places }, (_, i) => ({
    value: i,
    label:
      i === places - 1 ? `Last (Lesson ${i + 1})` : `Lesson ${i + 1}, before “${target?.lessons[i]?.title}”`,
  }));
  const warning = move ? lessonMoveWarning(lessonMoveEffect(outline.modules, toRule(move))) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!move) return;
    onConfirm(move);
    onClose(true);
  };
  return (
    <Dialog.Root open={move !== null} onOpenChange={(open) => (open ? undefined : onClose(false))}>
      <Dialog.Portal container={container}>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content
          className={s.dialog}
          aria-describedby={`${id}-warning`}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            onFocusBack();
          }}
        >
          <Dialog.Title className={s.subheading}>Move “{title}” to another module</Dialog.Title>
          {move ? (
            <form className={s.stack} onSubmit={submit}>
              <div className={a.field}>
                <label htmlFor={`${id}-module`}>Module</label>
                <select
                  id={`${id}-module`}
                  className={s.select}
                  value={move.target}
                  onChange={(e) => {
                    const next = Number(e.target.value);
                    const count = outline.modules.find((m) => m.id === next)?.lessons.length ?? 0;
                    onChange({ ...move, target: next, to: count });
                  }}
                >
                  {outline.modules
                    .filter((m) => m.id !== move.module)
                    .map((m) => (
                      <option key={m.id} value={m.id}>
                        {moduleLabel(m)}
                      </option>
                    ))}
                </select>
              </div>
              <div className={a.field}>
                <label htmlFor={`${id}-place`}>Place</label>
                <select
                  id={`${id}-place`}
                  className={s.select}
                  value={move.to}
                  onChange={(e) => onChange({ ...move, to: Number(e.target.value) })}
                >
                  {placeOptions.map((p) => (
                    <option key={p.value} value={p.value}>
                      {p.label}
                    </option>
                  ))}
                </select>
              </div>
              <p id={`${id}-warning`} className={s.text}>
                {warning}
              </p>
              <div className={s.row}>
                <button type="submit" className={s.button.primary}>
                  Move Lesson
                </button>
                <Dialog.Close className={s.button.secondary}>Cancel</Dialog.Close>
              </div>
            </form>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const toRule = (m: PendingMove) => ({
  fromModule: m.module,
  fromIndex: m.lesson,
  toModule: m.target,
  toIndex: m.to,
});
