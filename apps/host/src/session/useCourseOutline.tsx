import type { CourseAdapter, CourseOutline } from '@coursekit/core';
import { type ReactNode, useCallback, useEffect, useSyncExternalStore } from 'react';
import { useCourseAdapter } from './CourseScope';

// What the course says about itself (title, description, time texts, objectives, a line per module)
// comes from the adapter, never from the site's source: `adapter.course.outline()` is public, so the
// landing page, the syllabus and the sign-in screens read it signed out too.
//
// A small store of its own rather than the query library: the landing page and the sign-in screens
// are in the main bundle, which stays free of TanStack Query (the lazily loaded screens bring it).

/** The outline as a page reads it. */
export interface OutlineState {
  data: CourseOutline | undefined;
  isPending: boolean;
  isError: boolean;
  /** The API has no such course (404 not_found): under '/courses/{slug}', an unknown slug. */
  isNotFound: boolean;
  refetch: () => void;
}

interface Entry {
  data?: CourseOutline;
  error?: unknown;
  loading?: Promise<void>;
  listeners: Set<() => void>;
  /** What useSyncExternalStore compares: a new object on every change. */
  snapshot: { data?: CourseOutline; failed: boolean; notFound: boolean };
}

// One read per adapter, shared by every page; it changes only when a course is loaded.
const entries = new WeakMap<CourseAdapter, Entry>();

function entryOf(adapter: CourseAdapter): Entry {
  let entry = entries.get(adapter);
  if (!entry) {
    entry = { listeners: new Set(), snapshot: { failed: false, notFound: false } };
    entries.set(adapter, entry);
  }
  return entry;
}

function load(adapter: CourseAdapter, entry: Entry): void {
  if (entry.loading || entry.data) return;
  const publish = () => {
    entry.snapshot = {
      ...(entry.data ? { data: entry.data } : {}),
      failed: entry.error !== undefined,
      notFound: (entry.error as { code?: unknown } | undefined)?.code === 'not_found',
    };
    for (const listener of entry.listeners) listener();
  };
  entry.error = undefined;
  publish();
  // The site's retry rule (hostQueryClient): once more after a second, never for not_found.
  const read = () =>
    adapter.course.outline().catch(async (error: unknown) => {
      if ((error as { code?: unknown } | null)?.code === 'not_found') throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return adapter.course.outline();
    });
  entry.loading = read()
    .then(
      (outline) => {
        entry.data = outline;
      },
      (error: unknown) => {
        entry.error = error ?? new Error('outline failed');
      },
    )
    .finally(() => {
      entry.loading = undefined;
      publish();
    });
}

/** The outline of the page's course (see CourseScope), shared by every page (read once per adapter). */
export function useCourseOutline(): OutlineState {
  const adapter = useCourseAdapter();
  const entry = entryOf(adapter);
  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [entry],
  );
  const snapshot = useSyncExternalStore(subscribe, () => entry.snapshot);
  useEffect(() => {
    if (!entry.data && !entry.error) load(adapter, entry);
  }, [adapter, entry]);
  const refetch = useCallback(() => load(adapter, entry), [adapter, entry]);
  return {
    data: snapshot.data,
    isPending: !snapshot.data && !snapshot.failed,
    isError: snapshot.failed,
    isNotFound: snapshot.notFound,
    refetch,
  };
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
  outline: OutlineState;
  width?: string;
  children: (course: CourseOutline) => ReactNode;
}) {
  if (outline.data) return children(outline.data);
  return outline.isPending ? <Pending {...(width ? { width } : {})} /> : null;
}
