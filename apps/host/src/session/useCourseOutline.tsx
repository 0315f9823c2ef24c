import type { CourseOutline } from '@coursekit/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useAdapter } from './SessionProvider';

// What the course says about itself (title, description, time texts, objectives, a line per module)
// comes from the adapter, never from the site's source: `adapter.course.outline()` is public, so the
// landing page, the syllabus and the sign-in screens read it signed out too.

export const OUTLINE_QUERY_KEY = ['host', 'outline'] as const;

/** The course's outline, shared by every page (read once; it changes only when a course is loaded). */
export function useCourseOutline() {
  const adapter = useAdapter();
  return useQuery<CourseOutline>({
    queryKey: OUTLINE_QUERY_KEY,
    queryFn: () => adapter.course.outline(),
    staleTime: 60 * 60_000,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Where a page's course facts could not be read: a short line and a retry, the page around it. */
export function OutlineError({ retry }: { retry: () => void }) {
  return (
    <p className="outline-error" role="alert">
      The course details could not be loaded.{' '}
      <button type="button" className="link-button" onClick={retry}>
        Try again
      </button>
    </p>
  );
}

/**
 * Stands where a course fact will show while the outline loads: an empty grey bar of the text's
 * rough size (no words that could be read as the course's), hidden from screen readers.
 */
export function Pending({ width = '12ch' }: { width?: string }) {
  return <span className="pending-text" aria-hidden="true" style={{ width }} />;
}

/** A course fact: shown once read, a grey bar while it loads, nothing when it could not be read. */
export function Fact({
  outline,
  width,
  children,
}: {
  outline: UseQueryResult<CourseOutline>;
  width?: string;
  children: (course: CourseOutline) => ReactNode;
}) {
  if (outline.data) return children(outline.data);
  return outline.isPending ? <Pending {...(width ? { width } : {})} /> : null;
}
