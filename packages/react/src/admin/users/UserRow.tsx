import { type AdminUserView, adminMessages, type Role } from '@coursekit/core';
import type { MouseEvent } from 'react';
import { useNavigate } from '../../provider/navigation';
import * as s from '../../ui/styles.css';
import * as a from '../admin.css';
import type { useUserActions } from './useUserActions';

const ROLES: ReadonlyArray<readonly [Role, string]> = [
  ['admin', 'Make Admin'],
  ['moderator', 'Make Moderator'],
  ['user', 'Make User'],
];

export const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : null);
export const nameOf = (user: AdminUserView) => user.display_name ?? adminMessages.unknownUser;

export interface UserRowProps {
  user: AdminUserView;
  onDetails: (user: AdminUserView) => void;
  onDelete: (user: AdminUserView) => void;
  /** The table's one set of row actions (one set of mutations for every row, not one per row). */
  actions: ReturnType<typeof useUserActions>;
}

/** One user of the table (admin §2): details, account status, role badges and the row actions. */
export function UserRow({ user, onDetails, onDelete, actions }: UserRowProps) {
  const navigate = useNavigate();
  const { assignRole, removeRole, resetPassword } = actions;
  const name = nameOf(user);
  const lastLogin = formatDate(user.last_sign_in_at);
  const hidden = (text: string) => <span className={s.visuallyHidden}>{text}</span>;

  // A click anywhere on the row opens the details; keyboard users have the row's Details button,
  // so the row itself stays a plain row rather than an interactive element wrapping others.
  const onRowClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest('button, a, input')) return;
    onDetails(user);
  };

  return (
    <tr className={a.clickableRow} onClick={onRowClick}>
      <td>
        <strong>{name}</strong>
        {user.email ? <p className={a.small}>{user.email}</p> : null}
        <p className={a.small}>ID: {user.id}</p>
        <p className={a.small}>Joined {formatDate(user.created_at)}</p>
      </td>
      <td>
        <span className={user.email_confirmed_at ? s.badge.success : s.badge.muted}>
          {user.email_confirmed_at ? 'Verified' : 'Unverified'}
        </span>
        {lastLogin ? <p className={a.small}>Last login: {lastLogin}</p> : null}
      </td>
      <td>
        <div className={s.row}>
          {user.roles.map((role) => (
            <button
              key={role}
              type="button"
              className={a.role[role]}
              title={`Remove ${role} role`}
              disabled={removeRole.isPending}
              onClick={() => removeRole.mutate({ user, role })}
            >
              {role}
              {hidden(` role: remove it from ${name}`)}
            </button>
          ))}
        </div>
      </td>
      <td>
        <div className={s.row}>
          <button
            type="button"
            className={`${s.button.secondary} ${a.smallButton}`}
            onClick={() => onDetails(user)}
          >
            Details{hidden(` for ${name}`)}
          </button>
          <button
            type="button"
            className={`${s.button.secondary} ${a.smallButton}`}
            onClick={() => navigate(`/admin/user-progress?userId=${encodeURIComponent(user.id)}`)}
          >
            View Progress{hidden(` of ${name}`)}
          </button>
          <button
            type="button"
            className={`${s.button.secondary} ${a.smallButton}`}
            disabled={resetPassword.isPending}
            onClick={() => resetPassword.mutate(user)}
          >
            Reset Password{hidden(` for ${name}`)}
          </button>
          {ROLES.filter(([role]) => !user.roles.includes(role)).map(([role, label]) => (
            <button
              key={role}
              type="button"
              className={`${s.button.secondary} ${a.smallButton}`}
              disabled={assignRole.isPending}
              onClick={() => assignRole.mutate({ user, role })}
            >
              {label}
              {hidden(` for ${name}`)}
            </button>
          ))}
          <button
            type="button"
            className={`${s.button.danger} ${a.smallButton}`}
            onClick={() => onDelete(user)}
          >
            Delete{hidden(` ${name}`)}
          </button>
        </div>
      </td>
    </tr>
  );
}
