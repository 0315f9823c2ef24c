import { CourseError, isCourseError, messages } from '@coursekit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from '../provider/navigation';
import { useCourseAdapter } from '../provider/useCourseAdapter';
import { ErrorState, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { adminKeys } from './adminKeys';

type Access = { ok: true } | { ok: false; message: string };

/**
 * admin §2 Route guard: the session first, then the admin role (one server call answers both), on
 * every mount and every session change. The server checks the role again on each admin call; this only decides what to render.
 */
function useAdminAccess() {
  const adapter = useCourseAdapter();
  const client = useQueryClient();
  useEffect(
    () =>
      adapter.auth.onSessionChange(() => {
        void client.invalidateQueries({ queryKey: adminKeys.access() });
      }),
    [adapter, client],
  );
  return useQuery({
    queryKey: adminKeys.access(),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    queryFn: async (): Promise<Access> => {
      // The session is validated by the server answering roles() (401 → failed session), not by
      // getSession(): an adapter signed in through the host's own token (getAccessToken) keeps no
      // session of its own, and an admin signed in that way must still get in.
      try {
        const roles = await adapter.profile.roles();
        return roles.includes('admin')
          ? { ok: true }
          : { ok: false, message: messages.guardInsufficientRole };
      } catch (error) {
        // A refused token is a failed session, a refusal is a denial; anything else is an error screen.
        if (isCourseError(error) && error.code === 'unauthorized')
          return { ok: false, message: messages.guardSessionFailed };
        if (isCourseError(error) && error.code === 'forbidden')
          return { ok: false, message: messages.guardAccessDenied };
        throw isCourseError(error) ? error : new CourseError('unexpected', messages.guardSecurityFailed);
      }
    },
  });
}

export interface AdminGuardProps {
  /** Go to Sign In; without it the widget navigates to /signin. */
  onSignIn?: (() => void) | undefined;
  children: ReactNode;
}

/** Renders `children` only for a signed-in admin; never admin data otherwise. */
export function AdminGuard({ onSignIn, children }: AdminGuardProps) {
  const access = useAdminAccess();
  const navigate = useNavigate();
  if (access.isPending) return <Skeletons count={1} label="Checking permissions..." />;
  if (access.isError) {
    return (
      <ErrorState
        error={access.error}
        title={messages.guardSomethingWrong}
        onRetry={() => void access.refetch()}
      />
    );
  }
  if (!access.data.ok) {
    return (
      <div className={s.card} role="alert">
        <h2 className={s.subheading}>{messages.guardAccessDenied}</h2>
        <p className={s.text}>{access.data.message}</p>
        <div>
          <button
            type="button"
            className={s.button.primary}
            onClick={() => (onSignIn ? onSignIn() : navigate('/signin'))}
          >
            Go to Sign In
          </button>
        </div>
      </div>
    );
  }
  return <>{children}</>;
}
