import { avatarInitials, isCourseError, normalizeDisplayName } from '@coursekit/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { useSession } from '../session/SessionProvider';
import { useIsAdmin } from '../session/useIsAdmin';
import { useSignOut } from '../session/useSignOut';
import { LoadingScreen } from '../ui/LoadingScreen';
import { useToast } from '../ui/Toaster';
import { formatDate } from './formatDate';

/** learner §2 /profile; /edit-profile opens it in edit mode. */
export function Profile({ startEditing = false }: { startEditing?: boolean }) {
  const { adapter, session } = useSession();
  const { isAdmin, checking } = useIsAdmin();
  const toast = useToast();
  const queryClient = useQueryClient();
  const signOut = useSignOut('/');
  const [editing, setEditing] = useState(startEditing);
  const [draft, setDraft] = useState('');
  const queryKey = ['host', 'profile', session?.user.id];
  const profile = useQuery({ queryKey, queryFn: () => adapter.profile.get(), retry: false });
  const save = useMutation({
    mutationFn: (displayName: string | null) => adapter.profile.update({ display_name: displayName }),
    onSuccess: (next) => {
      queryClient.setQueryData(queryKey, next);
      setEditing(false);
      toast({ title: 'Success', description: 'Profile updated successfully.' });
    },
    onError: () =>
      toast({ title: 'Error', description: 'Failed to update profile.', variant: 'destructive' }),
  });
  // The server's reason (e.g. 'Name contains invalid characters') shows beside the field.
  const saveError =
    save.error && isCourseError(save.error) && save.error.code === 'validation_error'
      ? save.error.message
      : null;

  useEffect(() => {
    if (profile.isError)
      toast({ title: 'Error', description: 'Failed to load profile information.', variant: 'destructive' });
  }, [profile.isError, toast]);
  useEffect(() => {
    if (profile.data) setDraft(profile.data.display_name ?? '');
  }, [profile.data]);

  if (!session) return null;
  if (profile.isPending) return <LoadingScreen />;
  const displayName = profile.data?.display_name ?? null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(normalizeDisplayName(draft));
  };

  return (
    <div className="card profile">
      <h1>Profile</h1>
      <div className="profile-head">
        <span className="avatar avatar-large" aria-hidden="true">
          {avatarInitials(displayName, session.user.email)}
        </span>
        <div>
          <p className="profile-name">{displayName ?? session.user.email}</p>
          <span className={isAdmin ? 'badge badge-admin' : 'badge'}>
            <span className="visually-hidden">Role: </span>
            {checking ? 'Loading' : isAdmin ? 'Admin' : 'User'}
          </span>
        </div>
      </div>
      {editing ? (
        <form onSubmit={onSubmit} className="inline-form">
          <div className="field">
            <label htmlFor="display-name">Display Name</label>
            <input
              id="display-name"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              maxLength={100}
              aria-invalid={saveError ? true : undefined}
              aria-describedby={saveError ? 'display-name-error' : undefined}
            />
            {saveError ? (
              <p id="display-name-error" className="form-error" role="alert">
                {saveError}
              </p>
            ) : null}
          </div>
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setDraft(displayName ?? '');
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      <dl className="details">
        {editing ? null : (
          <div>
            <dt>Display Name</dt>
            <dd>
              {displayName ?? <span className="muted">Not set</span>}{' '}
              <button type="button" className="link-button" onClick={() => setEditing(true)}>
                Edit
              </button>
            </dd>
          </div>
        )}
        <div>
          <dt>Email</dt>
          <dd>{session.user.email}</dd>
        </div>
        <div>
          <dt>Member Since</dt>
          <dd>{formatDate(session.user.created_at)}</dd>
        </div>
        <div>
          <dt>Account ID</dt>
          <dd>
            <code>{session.user.id}</code>
          </dd>
        </div>
      </dl>
      <div className="actions">
        <Link to="/progress" className="button">
          View Progress
        </Link>
        <Link to="/modules" className="button">
          Continue Learning
        </Link>
        <button type="button" className="button button-danger" onClick={() => void signOut()}>
          Sign Out
        </button>
      </div>
    </div>
  );
}
