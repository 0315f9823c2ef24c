import { Navigate, Outlet } from '@tanstack/react-router';
import { useSession } from '../session/SessionProvider';
import { useIsAdmin } from '../session/useIsAdmin';
import { LoadingScreen } from '../ui/LoadingScreen';

/**
 * admin §2 guard, step 1: the site's admin-status check sends signed-in non-admins (and failed
 * checks) to /. The AdminConsole widget then checks the session and the role itself, and shows a
 * signed-out visitor its 'Session validation failed' message with Go to Sign In.
 */
export function AdminGuard() {
  const { session, loading } = useSession();
  const { isAdmin, checking } = useIsAdmin();
  if (loading) return <LoadingScreen />;
  if (!session) return <Outlet />;
  if (checking) return <LoadingScreen label="Checking permissions..." />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
