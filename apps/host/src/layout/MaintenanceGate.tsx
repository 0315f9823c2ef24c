import { useRouterState } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useSession } from '../session/SessionProvider';
import { useSystemSettings } from '../session/SettingsProvider';
import { useIsAdmin } from '../session/useIsAdmin';
import { LoadingScreen } from '../ui/LoadingScreen';

const MaintenancePage = lazy(() => import('./MaintenancePage').then((m) => ({ default: m.MaintenancePage })));

/** learner §2: these routes stay open during maintenance, so an admin can sign in. */
const MAINTENANCE_BYPASS = ['/signin', '/signup', '/reset-password'] as const;

export function isBypassPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (MAINTENANCE_BYPASS as readonly string[]).includes(path);
}

/**
 * learner §4: while maintenance is on, non-admins see the maintenance page except on the bypass
 * routes; signed-in non-admins are signed out; admins pass; failing settings mean no maintenance.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { settings, loading: settingsLoading } = useSystemSettings();
  const { adapter, session, loading: sessionLoading } = useSession();
  const { isAdmin, checking } = useIsAdmin();

  const maintenance = settings?.maintenance_mode === true && !isBypassPath(pathname);
  const shouldSignOut = maintenance && session !== null && !checking && !isAdmin;

  useEffect(() => {
    if (shouldSignOut) void adapter.auth.signOut().catch(() => undefined);
  }, [shouldSignOut, adapter]);

  if (settingsLoading) return <LoadingScreen />;
  if (!maintenance) return <>{children}</>;
  if (sessionLoading) return <LoadingScreen />;
  if (session && checking) return <LoadingScreen label="Checking permissions..." />;
  if (session && isAdmin) return <>{children}</>;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <MaintenancePage />
    </Suspense>
  );
}
