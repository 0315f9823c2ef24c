import { Link, Navigate, Outlet } from '@tanstack/react-router';
import { useSession } from '../session/SessionProvider';
import { useIsAdmin } from '../session/useIsAdmin';
import { LoadingScreen } from '../ui/LoadingScreen';

/** admin §2: session first, then the admin role; non-admins (and errors) go to /. */
export function AdminGuard() {
  const { session, loading } = useSession();
  const { isAdmin, checking } = useIsAdmin();
  if (loading) return <LoadingScreen />;
  if (!session) {
    return (
      <div className="centered" role="alert">
        <h1>Sign in required</h1>
        <p>Session validation failed. Please sign in again.</p>
        <Link to="/signin" className="button button-primary">
          Go to Sign In
        </Link>
      </div>
    );
  }
  if (checking) return <LoadingScreen label="Checking permissions..." />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
