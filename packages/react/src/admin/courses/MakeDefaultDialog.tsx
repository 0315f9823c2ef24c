import { type AdminCourse, adminMessages, makeDefaultQuestion } from '@coursekit/core';
import { AdminConfirmDialog } from '../users/AdminDialog';
import { failure, useUpdateCourse } from './useCourseActions';

/** Make Default, confirmed first; a refusal shows in the dialog in the server's words. */
export function MakeDefaultDialog({ course, onClose }: { course: AdminCourse; onClose: () => void }) {
  const update = useUpdateCourse();
  return (
    <AdminConfirmDialog
      open
      onClose={onClose}
      title={adminMessages.makeDefaultTitle}
      description={makeDefaultQuestion(course.title)}
      error={update.isError ? failure(update.error) : null}
      pending={update.isPending}
      tone="primary"
      cancelLabel="Cancel"
      confirmLabel="Make Default"
      pendingLabel="Saving..."
      onConfirm={() => update.mutate({ course, changes: { is_default: true } }, { onSuccess: onClose })}
    />
  );
}
