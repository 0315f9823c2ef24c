import type { CourseAdapter } from '@coursekit/core';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useSession } from './SessionProvider';

/** The course a page under '/courses/{slug}' is about, and the adapter that shows it. */
interface CourseScopeValue {
  slug: string;
  adapter: CourseAdapter;
}

const CourseScopeContext = createContext<CourseScopeValue | null>(null);

/** Everything inside is about the course `slug`, on an adapter made for it (sharing the site's session). */
export function CourseScope({ slug, children }: { slug: string; children: ReactNode }) {
  const { adapterFor } = useSession();
  const adapter = adapterFor(slug);
  const value = useMemo(() => ({ slug, adapter }), [slug, adapter]);
  return <CourseScopeContext.Provider value={value}>{children}</CourseScopeContext.Provider>;
}

/** The course of this page by slug, or null on the default course's pages and the site's own. */
export function useCourseSlug(): string | null {
  return useContext(CourseScopeContext)?.slug ?? null;
}

/** The adapter of the course this page is about: its scope's, or the site's (the default course). */
export function useCourseAdapter(): CourseAdapter {
  const scope = useContext(CourseScopeContext);
  const { adapter } = useSession();
  return scope?.adapter ?? adapter;
}
