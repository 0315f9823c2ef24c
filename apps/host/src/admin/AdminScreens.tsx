import { withHttpAdmin } from '@coursekit/core/http/admin';
import { AdminConsole, type AdminTab, CourseProvider } from '@coursekit/react/admin-console';
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { type ReactNode, useCallback } from 'react';
import { hostQueryClient } from '../learner/hostQueryClient';
import { useAdapter } from '../session/SessionProvider';

// admin §2 routes, each one screen of the AdminConsole widget. This module (with the widget's code
// and the HTTP adapter's admin part) loads only when an admin route opens, so learners never
// download it.

function AdminHost({ children }: { children: ReactNode }) {
  // The site's adapter with its admin part, on the same session (the same object on every render).
  const adapter = withHttpAdmin(useAdapter());
  const router = useRouter();
  const onNavigate = useCallback((path: string) => void router.navigate({ href: path }), [router]);
  return (
    <CourseProvider adapter={adapter} queryClient={hostQueryClient} onNavigate={onNavigate}>
      {children}
    </CourseProvider>
  );
}

function useSignIn() {
  const navigate = useNavigate();
  return useCallback(() => void navigate({ to: '/signin' }), [navigate]);
}

/** /admin and /admin/dashboard: the console; the open tab is kept in ?tab= so it can be linked. */
export function AdminHome() {
  const { tab } = useSearch({ strict: false }) as { tab?: AdminTab };
  const navigate = useNavigate();
  const onSignIn = useSignIn();
  const onTabChange = useCallback(
    (next: AdminTab) =>
      void navigate({ to: '.', search: next === 'users' ? {} : { tab: next }, replace: true }),
    [navigate],
  );
  return (
    <AdminHost>
      <AdminConsole
        screen="console"
        {...(tab ? { tab } : {})}
        onTabChange={onTabChange}
        onSignIn={onSignIn}
      />
    </AdminHost>
  );
}

/** /admin/user-progress: ?userId= follows the selection and is cleared when none is chosen. */
export function AdminUserProgress() {
  const { userId } = useSearch({ strict: false }) as { userId?: string };
  const navigate = useNavigate();
  const onSignIn = useSignIn();
  const onUserChange = useCallback(
    (next: string | null) =>
      void navigate({ to: '/admin/user-progress', search: next ? { userId: next } : {}, replace: true }),
    [navigate],
  );
  return (
    <AdminHost>
      <AdminConsole
        screen="user-progress"
        userId={userId ?? null}
        onUserChange={onUserChange}
        onSignIn={onSignIn}
      />
    </AdminHost>
  );
}

/** /content-loader: the admin content tools (DESIGN decision 1). */
export function ContentLoader() {
  const onSignIn = useSignIn();
  return (
    <AdminHost>
      <AdminConsole screen="content-loader" onSignIn={onSignIn} />
    </AdminHost>
  );
}
