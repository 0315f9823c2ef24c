import { CourseProvider } from '@coursekit/react';
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useCallback } from 'react';
import { useCourseAdapter, useCourseSlug } from '../session/CourseScope';
import { scopedPath } from '../session/coursePaths';
import { courseQueryClient } from './hostQueryClient';

/**
 * Puts a @coursekit/react widget on the page's course (its adapter and its query cache) and the
 * host's router: every navigation a widget asks for ('/module/3', '/quizzes'…) becomes a real route
 * change, inside the course's own routes when the page is under '/courses/{slug}'.
 */
export function WidgetHost({ children }: { children: ReactNode }) {
  const adapter = useCourseAdapter();
  const slug = useCourseSlug();
  const router = useRouter();
  const onNavigate = useCallback(
    (path: string) => void router.navigate({ href: scopedPath(slug, path) }),
    [router, slug],
  );
  return (
    <CourseProvider adapter={adapter} queryClient={courseQueryClient(slug)} onNavigate={onNavigate}>
      {children}
    </CourseProvider>
  );
}
