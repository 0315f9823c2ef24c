import {
  type AdminUserView,
  adminMessages,
  isCourseError,
  messages,
  passwordResetSentMessage,
  type Role,
  roleAssignedMessage,
  roleRemovedMessage,
} from '@coursekit/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../ui/toast';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';

/** admin §2 row actions with admin §8's toasts; every write refreshes the user list and the counts. */
export function useUserActions() {
  const admin = useAdmin();
  const client = useQueryClient();
  const toast = useToast();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.users() }),
      client.invalidateQueries({ queryKey: adminKeys.stats() }),
      client.invalidateQueries({ queryKey: adminKeys.selectable() }),
    ]);

  const assignRole = useMutation({
    mutationFn: ({ user, role }: { user: AdminUserView; role: Role }) => admin.roles.assign(user.id, role),
    onSuccess: (_roles, { role }) => {
      toast({ title: adminMessages.roleAssignedTitle, description: roleAssignedMessage(role) });
      return refresh();
    },
    onError: () =>
      toast({ title: messages.errorTitle, description: adminMessages.roleAssignFailed, variant: 'error' }),
  });

  const removeRole = useMutation({
    mutationFn: ({ user, role }: { user: AdminUserView; role: Role }) => admin.roles.remove(user.id, role),
    onSuccess: (_roles, { role }) => {
      toast({ title: adminMessages.roleRemovedTitle, description: roleRemovedMessage(role) });
      return refresh();
    },
    onError: () =>
      toast({ title: messages.errorTitle, description: adminMessages.roleRemoveFailed, variant: 'error' }),
  });

  const resetPassword = useMutation({
    mutationFn: async (user: AdminUserView) => {
      if (!user.email) throw new Error(messages.userEmailNotAvailable);
      await admin.users.sendPasswordReset(user.id);
      return user.email;
    },
    onSuccess: (email) =>
      toast({ title: adminMessages.passwordResetSentTitle, description: passwordResetSentMessage(email) }),
    onError: (error) =>
      toast(
        error.message === messages.userEmailNotAvailable
          ? {
              title: messages.cannotResetPasswordTitle,
              description: messages.userEmailNotAvailable,
              variant: 'error',
            }
          : {
              title: messages.resetFailedTitle,
              description: adminMessages.passwordResetFailed,
              variant: 'error',
            },
      ),
  });

  return { assignRole, removeRole, resetPassword, refresh };
}

/** The server's own message for a refused write (e.g. a duplicate e-mail), else the spec's fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  return isCourseError(error) && error.message ? error.message : fallback;
}
