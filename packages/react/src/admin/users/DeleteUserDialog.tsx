import {
  type AdminUserView,
  adminMessages,
  canDeleteUser,
  DELETE_USER_PARTS,
  type DeleteUserConfirmations,
  type DeleteUserPart,
  messages,
} from '@coursekit/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { useAdmin } from '../useAdmin';
import { AdminConfirmDialog } from './AdminDialog';
import { nameOf } from './UserRow';
import { serverMessage, useUserActions } from './useUserActions';

const LABELS: Record<DeleteUserPart, string> = {
  progress: 'Delete all learning progress',
  quizAttempts: 'Delete all quiz attempts',
  roles: 'Remove all roles',
  profile: 'Delete the profile',
  authAccount: 'Delete the sign-in (auth) account',
};

/** admin §2/§5 Delete User Account: Delete is enabled only when all five boxes are ticked. */
export function DeleteUserDialog({ user, onClose }: { user: AdminUserView; onClose: () => void }) {
  const admin = useAdmin();
  const toast = useToast();
  const { refresh } = useUserActions();
  const [confirmed, setConfirmed] = useState<Partial<DeleteUserConfirmations>>({});
  const ready = canDeleteUser(confirmed);

  const remove = useMutation({
    mutationFn: () => admin.users.delete(user.id),
    onSuccess: () => {
      toast({ title: 'User Deleted', description: `${nameOf(user)} and all their data were deleted.` });
      onClose();
      return refresh();
    },
    onError: (error) =>
      toast({
        title: adminMessages.deletionFailedTitle,
        description: serverMessage(error, 'Failed to delete user account'),
        variant: 'error',
      }),
  });

  return (
    <AdminConfirmDialog
      open
      onClose={onClose}
      pending={remove.isPending}
      ready={ready}
      cancelLabel="Cancel"
      confirmLabel="Delete User"
      pendingLabel="Deleting..."
      onConfirm={() => remove.mutate()}
      title="Delete User Account"
      description={`This permanently deletes ${nameOf(user)}${user.email ? ` (${user.email})` : ''}. It cannot be undone.`}
    >
      <fieldset className={s.fieldset}>
        <legend>Confirm what will be deleted</legend>
        {DELETE_USER_PARTS.map((part) => (
          <label key={part} className={s.row}>
            <input
              type="checkbox"
              checked={confirmed[part] === true}
              onChange={(event) => setConfirmed({ ...confirmed, [part]: event.target.checked })}
            />
            {LABELS[part]}
          </label>
        ))}
      </fieldset>
      {ready ? null : <p className={a.small}>{messages.deleteUserHint}</p>}
    </AdminConfirmDialog>
  );
}
