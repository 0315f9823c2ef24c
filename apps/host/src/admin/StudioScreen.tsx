import { withHttpAdmin } from '@coursekit/core/http/admin';
import { CourseProvider, CourseStudio } from '@coursekit/react/course-studio';
import { Navigate, useRouter } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { hostQueryClient } from '../learner/hostQueryClient';
import { useSession } from '../session/SessionProvider';
import { useIsAdmin } from '../session/useIsAdmin';
import { LoadingScreen } from '../ui/LoadingScreen';

// /admin/studio: the course studio, for authors. Moderators (the author role) and admins
// get in; anyone else is sent home, a signed-out visitor to sign in. The server checks every call
// again. This module, the studio widget and the admin adapter load only when the route opens.

export function StudioScreen() {
  const { adapter, session, loading } = useSession();
  const { isAdmin, isAuthor, checking } = useIsAdmin();
  const withAdmin = useMemo(() => withHttpAdmin(adapter), [adapter]);
  const router = useRouter();
  const onNavigate = useCallback((path: string) => void router.navigate({ href: path }), [router]);

  if (loading) return <LoadingScreen />;
  if (!session) return <Navigate to="/signin" />;
  if (checking) return <LoadingScreen label="Checking permissions..." />;
  if (!isAuthor) return <Navigate to="/" replace />;
  return (
    <div className="studio">
      <h1>Course Studio</h1>
      <CourseProvider adapter={withAdmin} queryClient={hostQueryClient} onNavigate={onNavigate}>
        <CourseStudio studio={withAdmin.admin!.studio!} canPublish={isAdmin} />
      </CourseProvider>
    </div>
  );
}
