import {
  type CourseAdapter,
  SESSION_REFRESH_THRESHOLD_SECONDS,
  type Session,
  TIMINGS,
} from '@coursekit/core';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { clearAdminCache } from './adminCheck';
import { notifyDataChanged } from './dataEvents';

export interface SessionContextValue {
  adapter: CourseAdapter;
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
export function SessionProvider({ adapter, children }: { adapter: CourseAdapter; children: ReactNode }) {
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

  const value = useMemo(() => ({ adapter, session, loading }), [adapter, session, loading]);
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
