import type { Role } from '@coursekit/core';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { CourseProvider, CourseStudio } from '@coursekit/react/course-studio';
import { Navigate, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { hostQueryClient } from '../learner/hostQueryClient';
import { useSession } from '../session/SessionProvider';
import { LoadingScreen } from '../ui/LoadingScreen';

// /admin/studio (issue 17): the course studio, for authors. Moderators (the author role) and admins
// get in; anyone else is sent home, a signed-out visitor to sign in. The server checks every call
// again. This module, the studio widget and the admin adapter load only when the route opens.

export function StudioScreen() {
  const { adapter, session, loading } = useSession();
  const userId = session?.user.id ?? null;
  const [roles, setRoles] = useState<{ userId: string; roles: Role[] } | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let active = true;
    void adapter.profile.roles().then(
      (found) => active && setRoles({ userId, roles: found }),
      () => active && setRoles({ userId, roles: [] }),
    );
    return () => {
      active = false;
    };
  }, [adapter, userId]);
  const withAdmin = useMemo(() => withHttpAdmin(adapter), [adapter]);
  const router = useRouter();
  const onNavigate = useCallback((path: string) => void router.navigate({ href: path }), [router]);

  if (loading) return <LoadingScreen />;
  if (!session) return <Navigate to="/signin" />;
  if (roles?.userId !== userId) return <LoadingScreen label="Checking permissions..." />;
  const canPublish = roles.roles.includes('admin');
  if (!canPublish && !roles.roles.includes('moderator')) return <Navigate to="/" replace />;
  return (
    <div className="studio">
      <h1>Course Studio</h1>
      <CourseProvider adapter={withAdmin} queryClient={hostQueryClient} onNavigate={onNavigate}>
        <CourseStudio studio={withAdmin.admin!.studio!} canPublish={canPublish} />
      </CourseProvider>
    </div>
  );
}
