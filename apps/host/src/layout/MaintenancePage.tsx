import { PLATFORM_TIME } from '@coursekit/core';
import { useSession } from '../session/SessionProvider';
import { useSignOut } from '../session/useSignOut';

/** learner §2: the maintenance page. */
export function MaintenancePage() {
  const { session } = useSession();
  const signOut = useSignOut('/');
  return (
    <div className="maintenance">
      <h1>Under Maintenance</h1>
      <p>
        We're currently performing scheduled maintenance to improve your learning experience. The course will
        be back shortly.
      </p>
      <p>
        <strong>Expected Duration: {PLATFORM_TIME.maintenanceDuration}</strong>
      </p>
      <p>Please check back shortly. Your progress is saved and will be waiting for you.</p>
      {session ? (
        <div className="notice">
          <p>
            You are signed in as <strong>{session.user.email}</strong>. You can sign out now or wait until
            maintenance is over.
          </p>
          <button type="button" className="button" onClick={() => void signOut()}>
            Sign Out
          </button>
        </div>
      ) : null}
      <p className="muted">If this persists for longer than expected, please contact support.</p>
    </div>
  );
}
