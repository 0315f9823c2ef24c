import {
  type CourseAdapter,
  SESSION_REFRESH_THRESHOLD_SECONDS,
  type Session,
  TIMINGS,
} from '@coursekit/core';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { clearAdminCache } from './adminCheck';
import { notifyDataChanged } from './dataEvents';

/** Makes the adapter of a course by slug; it must share the site adapter's session. */
export type CourseAdapterFactory = (slug: string) => CourseAdapter;

export interface SessionContextValue {
  adapter: CourseAdapter;
  /** The adapter of a course by slug: one per course, made once, on the site's session. */
  adapterFor: (slug: string) => CourseAdapter;
  session: Session | null;
  /** True until the stored session has been read (forced off after 3 s, learner §4). */
  loading: boolean;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Holds the signed-in session for the whole site. The adapter keeps the tokens in storage, so a
 * reload stays signed in; this provider reads them once, follows every change, and asks the
 * adapter to refresh a minute before the access token expires.
 */
export function SessionProvider({
  adapter,
  courseAdapter,
  children,
}: {
  adapter: CourseAdapter;
  /** Another course's adapter by slug, on `adapter`'s session (the site: core's `forCourse`). */
  courseAdapter: CourseAdapterFactory;
  children: ReactNode;
}) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const userId = session?.user.id ?? null;
  const previousUser = useRef<string | null>(null);

  // Another user (or none): nothing cached for the previous one may show.
  useEffect(() => {
    if (previousUser.current !== null && previousUser.current !== userId) {
      clearAdminCache();
      notifyDataChanged();
    }
    previousUser.current = userId;
  }, [userId]);

  useEffect(() => {
    let settled = false;
    const timeout = setTimeout(() => {
      if (!settled) setLoading(false);
    }, TIMINGS.authInitTimeoutMs);
    const unsubscribe = adapter.auth.onSessionChange((next) => {
      setSession(next);
      setLoading(false);
    });
    adapter.auth
      .getSession()
      .then((current) => setSession(current))
      .catch(() => setSession(null))
      .finally(() => {
        settled = true;
        clearTimeout(timeout);
        setLoading(false);
      });
    return () => {
      clearTimeout(timeout);
      unsubscribe();
    };
  }, [adapter]);

  // Refresh before expiry: getSession refreshes once 60 s or less remain.
  useEffect(() => {
    if (!session) return;
    const dueMs = (session.expires_at - SESSION_REFRESH_THRESHOLD_SECONDS) * 1000 - Date.now() + 1000;
    const timer = setTimeout(
      () => {
        adapter.auth.getSession().catch(() => undefined);
      },
      Math.max(dueMs, 1000),
    );
    return () => clearTimeout(timer);
  }, [adapter, session]);

  // One adapter per course for the site's life: its screens' caches and its outline are kept by it.
  const adapterFor = useMemo(() => {
    const made = new Map<string, CourseAdapter>();
    return (slug: string) => {
      let found = made.get(slug);
      if (!found) {
        found = courseAdapter(slug);
        made.set(slug, found);
      }
      return found;
    };
  }, [courseAdapter]);

  const value = useMemo(
    () => ({ adapter, adapterFor, session, loading }),
    [adapter, adapterFor, session, loading],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a <SessionProvider adapter={…}> above it in the tree.');
  return value;
}

export function useAdapter(): CourseAdapter {
  return useSession().adapter;
}
