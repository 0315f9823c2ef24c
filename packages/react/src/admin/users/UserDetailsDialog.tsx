import { type AdminUserView, adminMessages, blankToNull } from '@coursekit/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { useAdmin } from '../useAdmin';
import { AdminDialog } from './AdminDialog';
import { formatDate, nameOf } from './UserRow';
import { useUserActions } from './useUserActions';

/** admin §2 User Details: profile, account details and roles; view <-> edit (save/cancel). */
export function UserDetailsDialog({ user: initial, onClose }: { user: AdminUserView; onClose: () => void }) {
  const admin = useAdmin();
  const toast = useToast();
  const { refresh } = useUserActions();
  const id = useId();
  const [user, setUser] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ name: '', avatar: '' });

  const save = useMutation({
    // admin §5: trimmed, and stored as null when blank
    mutationFn: () =>
      admin.users.update(user.id, {
        display_name: blankToNull(draft.name),
        avatar_url: blankToNull(draft.avatar),
      }),
    onSuccess: (updated) => {
      setUser(updated);
      setEditing(false);
      toast({ title: 'User Updated', description: 'The profile was saved.' });
      return refresh();
    },
    onError: () =>
      toast({
        title: adminMessages.updateFailedTitle,
        description: adminMessages.userUpdateFailed,
        variant: 'error',
      }),
  });

  const startEditing = () => {
    setDraft({ name: user.display_name ?? '', avatar: user.avatar_url ?? '' });
    setEditing(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const rows: Array<[string, string]> = [
    ['Email', user.email ?? 'Not available'],
    ['User ID', user.id],
    ['Email status', user.email_confirmed_at ? 'Verified' : 'Unverified'],
    ['Joined', formatDate(user.created_at) ?? '—'],
    ['Last login', formatDate(user.last_sign_in_at) ?? 'Never'],
    ['Profile updated', formatDate(user.updated_at) ?? '—'],
  ];

  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="User Details"
      description={nameOf(user)}
    >
      {editing ? (
        <form className={s.stack} onSubmit={submit}>
          <div className={a.field}>
            <label htmlFor={`${id}-name`}>Display Name</label>
            <input
              id={`${id}-name`}
              className={a.input}
              value={draft.name}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
          </div>
          <div className={a.field}>
            <label htmlFor={`${id}-avatar`}>Avatar URL</label>
            <input
              id={`${id}-avatar`}
              type="url"
              className={a.input}
              value={draft.avatar}
              onChange={(event) => setDraft({ ...draft, avatar: event.target.value })}
            />
          </div>
          <div className={s.row}>
            <button type="button" className={s.button.secondary} onClick={() => setEditing(false)}>
              Cancel
            </button>
            <button type="submit" className={s.button.primary} disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </button>
          </div>
        </form>
      ) : (
        <section className={s.stack} aria-labelledby={`${id}-profile`}>
          <h3 id={`${id}-profile`} className={s.subheading}>
            Profile
          </h3>
          <dl className={s.list}>
            <div>
              <dt className={a.small}>Display Name</dt>
              <dd className={s.text}>{nameOf(user)}</dd>
            </div>
            <div>
              <dt className={a.small}>Avatar URL</dt>
              <dd className={s.text}>{user.avatar_url ?? 'None'}</dd>
            </div>
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt className={a.small}>{label}</dt>
                <dd className={s.text}>{value}</dd>
              </div>
            ))}
            <div>
              <dt className={a.small}>Roles</dt>
              <dd className={s.text}>{user.roles.length ? user.roles.join(', ') : 'None'}</dd>
            </div>
          </dl>
          <div className={s.row}>
            <button type="button" className={s.button.secondary} onClick={onClose}>
              Close
            </button>
            <button type="button" className={s.button.primary} onClick={startEditing}>
              Edit
            </button>
          </div>
        </section>
      )}
    </AdminDialog>
  );
}
