import * as a from '../admin/admin.css';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import * as s from '../ui/styles.css';
import type { OutlineAction } from './useOutlineEdits';

// A module's or a lesson's actions in the outline: move up, move down, (a lesson) move to another
// module, duplicate, remove (asked first). Each button names its item for a screen reader, and carries `data-action` so the outline
// can give the focus back to it after the item moved.

export function OutlineActions({
  item,
  first,
  last,
  removeText,
  onAction,
  onMoveToModule,
}: {
  /** The item as the buttons name it: "“Reading a meter”", "Module 2". */
  item: string;
  first: boolean;
  last: boolean;
  /** What removing it does, said before the author confirms. */
  removeText: string;
  onAction: (action: OutlineAction) => void;
  /** A lesson's move into another module (asked first, with what learners keep). */
  onMoveToModule?: () => void;
}) {
  const button = `${s.button.secondary} ${a.smallButton}`;
  const hidden = <span className={s.visuallyHidden}> {item}</span>;
  return (
    <div className={s.row}>
      <button
        type="button"
        className={button}
        data-action="up"
        disabled={first}
        onClick={() => onAction('up')}
      >
        Move Up{hidden}
      </button>
      <button
        type="button"
        className={button}
        data-action="down"
        disabled={last}
        onClick={() => onAction('down')}
      >
        Move Down{hidden}
      </button>
      {onMoveToModule ? (
        <button type="button" className={button} data-action="move" onClick={onMoveToModule}>
          Move to Module…{hidden}
        </button>
      ) : null}
      <button type="button" className={button} data-action="duplicate" onClick={() => onAction('duplicate')}>
        Duplicate{hidden}
      </button>
      <ConfirmDialog
        trigger={
          <button type="button" className={button} data-action="remove">
            Remove{hidden}
          </button>
        }
        title={`Remove ${item}`}
        description={removeText}
        confirmLabel="Remove"
        onConfirm={() => onAction('remove')}
      />
    </div>
  );
}
