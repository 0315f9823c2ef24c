import {
  type CourseAdapter,
  type CourseEventListener,
  createRateLimiter,
  RATE_LIMITS,
  withCourseEvents,
} from '@coursekit/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { courseKeys } from '../queries/courseKeys';
import type { CourseStrings } from '../strings/courseStrings';
import { sanitizeStrings } from '../strings/mergeStrings';
import type { CourseTheme } from '../theme/CourseTheme';
import { CourseContext } from './CourseContext';

export interface CourseProviderProps {
  /** Where every widget reads and writes its data. */
  adapter: CourseAdapter;
  /** Share the host's QueryClient; by default the provider makes its own. */
  queryClient?: QueryClient;
  /** Brand colours, font, radius and spacing for every widget inside. */
  theme?: CourseTheme;
  /**
   * Hand every navigation (learner §2 paths: '/course', '/module/3', '/quizzes'…) to the host's
   * router. Without it, the widgets navigate among their own screens.
   */
  onNavigate?: (path: string) => void;
  /**
   * Hears what the learner did, in order: lessonCompleted, moduleCompleted, moduleUnlocked,
   * quizAnswered, quizCompleted, courseCompleted, certificateIssued, maintenanceChanged.
   */
  onEvent?: CourseEventListener;
  /**
   * Replaces texts of the widgets, e.g. for another language; unspecified keys keep the English
   * defaults (`defaultCourseStrings`). Placeholders such as `{module}` are filled in by the widgets.
   */
  strings?: Partial<CourseStrings>;
  /**
   * The language of the widgets' texts (a BCP 47 tag such as 'de' or 'fr-CH'), set as `lang` on each
   * widget root so screen readers pronounce it in that language; dates follow it too.
   */
  lang?: string;
  children?: ReactNode;
}

function createCourseQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // CourseErrors carry the spec's message already; an unauthorized or missing answer will not
      // change by asking again, so only transient failures retry once.
      queries: {
        staleTime: 30_000,
        retry: (count, error) =>
          count < 1 &&
          !['unauthorized', 'not_found', 'forbidden'].includes((error as { code?: string }).code ?? ''),
      },
    },
  });
}

/** Gives every CourseKit widget inside it an adapter, a query cache and the live system settings. */
export function CourseProvider({
  adapter: given,
  queryClient,
  theme,
  onNavigate,
  onEvent,
  strings,
  lang,
  children,
}: CourseProviderProps) {
  const [ownClient] = useState(createCourseQueryClient);
  // Events come from the adapter's answers (core's withCourseEvents); the latest handler is read
  // through a ref so a new handler each render does not make a new adapter.
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  const listens = onEvent !== undefined;
  const adapter = useMemo(
    () => (listens ? withCourseEvents(given, (event) => onEventRef.current?.(event)) : given),
    [given, listens],
  );
  const client = queryClient ?? ownClient;
  const [progressLimiter] = useState(() => createRateLimiter(RATE_LIMITS.progress));

  // Realtime settings (learner §4: "Settings reload on any realtime change to system_settings").
  useEffect(
    () => adapter.settings.subscribe((settings) => client.setQueryData(courseKeys.settings(), settings)),
    [adapter, client],
  );

  const merged = useMemo(() => sanitizeStrings(strings), [strings]);
  useEffect(() => {
    if (strings) void import('../strings/checkStrings').then(({ checkStrings }) => checkStrings(strings));
  }, [strings]);
  const value = useMemo(
    () => ({ adapter, theme, onNavigate, progressLimiter, strings: merged, lang }),
    [adapter, theme, onNavigate, progressLimiter, merged, lang],
  );
  return (
    <QueryClientProvider client={client}>
      <CourseContext.Provider value={value}>{children}</CourseContext.Provider>
    </QueryClientProvider>
  );
}
