import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import * as a from '../admin/admin.css';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import * as s from '../ui/styles.css';
import * as st from './studio.css';

export interface LessonOutlineProps {
  /** The module's lesson titles, in order. */
  titles: string[];
  /** The lesson being edited. */
  selected: number;
  onSelect: (index: number) => void;
  /** Moves the lesson at `from` to `to` (both in range). */
  onMove: (from: number, to: number) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/**
 * A module's lessons in order: choose one to edit, add, remove, and reorder by dragging or by
 * keyboard (Move Up / Move Down, or Alt+Arrow on a lesson); each move is announced.
 */
export function LessonOutline({ titles, selected, onSelect, onMove, onAdd, onRemove }: LessonOutlineProps) {
  const help = useId();
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const focusAfterMove = useRef<number | null>(null);

  useEffect(() => {
    if (focusAfterMove.current === null) return;
    buttons.current[focusAfterMove.current]?.focus();
    focusAfterMove.current = null;
  });

  function move(from: number, to: number, keepFocus: boolean) {
    if (to < 0 || to >= titles.length || from === to) return;
    onMove(from, to);
    if (keepFocus) focusAfterMove.current = to;
    setAnnouncement(`Moved “${titles[from]}” to position ${to + 1} of ${titles.length}.`);
  }

  function onKey(event: KeyboardEvent, index: number) {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1, true);
  }

  return (
    <div className={s.stack}>
      <p id={help} className={s.muted}>
        Drag a lesson, or press Alt+Up or Alt+Down on it, to change the order.
      </p>
      <ol className={s.list} aria-label="Lessons">
        {titles.map((title, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a lesson is its place in the module
            key={i}
            className={`${s.row} ${st.lessonItem}`}
            draggable
            data-dragging={dragging === i ? 'true' : undefined}
            onDragStart={(e) => {
              setDragging(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(i));
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              const from = dragging ?? Number(e.dataTransfer.getData('text/plain'));
              setDragging(null);
              if (Number.isInteger(from)) move(from, i, false);
            }}
            onDragEnd={() => setDragging(null)}
          >
            <button
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              className={st.fileButton}
              aria-current={i === selected ? 'true' : undefined}
              aria-describedby={help}
              onClick={() => onSelect(i)}
              onKeyDown={(e) => onKey(e, i)}
            >
              {i + 1}. {title}
            </button>
            <button
              type="button"
              className={`${s.button.secondary} ${a.smallButton}`}
              disabled={i === 0}
              onClick={() => move(i, i - 1, false)}
            >
              Move Up<span className={s.visuallyHidden}> “{title}”</span>
            </button>
            <button
              type="button"
              className={`${s.button.secondary} ${a.smallButton}`}
              disabled={i === titles.length - 1}
              onClick={() => move(i, i + 1, false)}
            >
              Move Down<span className={s.visuallyHidden}> “{title}”</span>
            </button>
            <ConfirmDialog
              trigger={
                <button type="button" className={`${s.button.secondary} ${a.smallButton}`}>
                  Remove<span className={s.visuallyHidden}> “{title}”</span>
                </button>
              }
              title={`Remove “${title}”`}
              description="The lesson's text leaves the module's draft. Learners keep it until the next publish."
              confirmLabel="Remove Lesson"
              onConfirm={() => {
                onRemove(i);
                setAnnouncement(`Removed “${title}”.`);
              }}
            />
          </li>
        ))}
      </ol>
      <div className={s.row}>
        <button type="button" className={`${s.button.secondary} ${a.smallButton}`} onClick={onAdd}>
          Add Lesson
        </button>
      </div>
      <div aria-live="polite" className={s.visuallyHidden}>
        {announcement}
      </div>
    </div>
  );
}
