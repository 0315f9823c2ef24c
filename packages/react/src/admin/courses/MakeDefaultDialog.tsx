import { type AdminCourse, adminMessages, makeDefaultQuestion } from '@coursekit/core';
import * as s from '../../ui/styles.css';
import * as a from '../admin.css';
import { AdminDialog } from '../users/AdminDialog';
import { failure, useUpdateCourse } from './useCourseActions';

/** Make Default, confirmed first; a refusal shows in the dialog in the server's words. */
export function MakeDefaultDialog({ course, onClose }: { course: AdminCourse; onClose: () => void }) {
  const update = useUpdateCourse();
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={adminMessages.makeDefaultTitle}
      description={makeDefaultQuestion(course.title)}
    >
      {update.isError ? (
        <p className={a.fieldError} role="alert">
          {failure(update.error)}
        </p>
      ) : null}
      <div className={s.row}>
        <button type="button" className={s.button.secondary} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={s.button.primary}
          disabled={update.isPending}
          onClick={() => update.mutate({ course, changes: { is_default: true } }, { onSuccess: onClose })}
        >
          {update.isPending ? 'Saving...' : 'Make Default'}
        </button>
      </div>
    </AdminDialog>
  );
}
