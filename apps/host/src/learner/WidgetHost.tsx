import { CourseProvider } from '@coursekit/react';
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useCallback } from 'react';
import { useAdapter } from '../session/SessionProvider';
import { hostQueryClient } from './hostQueryClient';

/**
 * Puts a @coursekit/react widget on the host's adapter, shared query cache and router: every
 * navigation a widget asks for ('/module/3', '/quizzes'…) becomes a real route change.
 */
export function WidgetHost({ children }: { children: ReactNode }) {
  const adapter = useAdapter();
  const router = useRouter();
  const onNavigate = useCallback((path: string) => void router.navigate({ href: path }), [router]);
  return (
    <CourseProvider adapter={adapter} queryClient={hostQueryClient} onNavigate={onNavigate}>
      {children}
    </CourseProvider>
  );
}
