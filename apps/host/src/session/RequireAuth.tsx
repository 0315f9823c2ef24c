import { Navigate, Outlet } from '@tanstack/react-router';
import { LoadingScreen } from '../ui/LoadingScreen';
import { useSession } from './SessionProvider';

/** learner §6: signed-out visitors on a learner screen go to /signin. */
export function RequireAuth() {
  const { session, loading } = useSession();
  if (loading) return <LoadingScreen />;
  if (!session) return <Navigate to="/signin" replace />;
  return <Outlet />;
}
