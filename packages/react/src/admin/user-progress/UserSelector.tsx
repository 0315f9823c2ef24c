import type { SelectableProfile } from '@coursekit/core';
import { adminMessages } from '@coursekit/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import * as s from '../../ui/styles.css';

export interface UserSelectorProps {
  users: UseQueryResult<SelectableProfile[]>;
  value: string | null;
  onChange: (userId: string | null) => void;
}

/** admin §2: a native select (keyboard and screen readers for free), newest profiles first. */
export function UserSelector({ users, value, onChange }: UserSelectorProps) {
  const id = useId();
  const list = users.data ?? [];
  // A user id from the host's URL that the list does not hold still shows as the selection.
  const unknown = value !== null && users.isSuccess && !list.some((u) => u.user_id === value);
  return (
    <div className={s.stack}>
      <div className={s.row}>
        <label htmlFor={id} className={s.text}>
          User
        </label>
        <select
          id={id}
          className={s.select}
          value={value ?? ''}
          aria-busy={users.isPending}
          onChange={(e) => onChange(e.target.value || null)}
        >
          <option value="">{users.isPending ? 'Loading users...' : 'Select a user'}</option>
          {unknown ? <option value={value}>{value.slice(0, 8)}</option> : null}
          {list.map((u) => (
            <option key={u.user_id} value={u.user_id}>
              {selectorLabel(u)}
            </option>
          ))}
        </select>
      </div>
      {users.isError ? (
        <p className={s.muted} role="alert">
          {users.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** admin §2: 'name (first 8 characters of the user id)'. */
function selectorLabel(profile: Pick<SelectableProfile, 'display_name' | 'user_id'>): string {
  return `${profile.display_name ?? adminMessages.unknownUser} (${profile.user_id.slice(0, 8)})`;
}
