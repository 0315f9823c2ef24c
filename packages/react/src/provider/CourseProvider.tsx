import { type CourseAdapter, createRateLimiter, RATE_LIMITS } from '@coursekit/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { courseKeys } from '../queries/courseKeys';
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
export function CourseProvider({ adapter, queryClient, theme, onNavigate, children }: CourseProviderProps) {
  const [ownClient] = useState(createCourseQueryClient);
  const client = queryClient ?? ownClient;
  const [progressLimiter] = useState(() => createRateLimiter(RATE_LIMITS.progress));

  // Realtime settings (learner §4: "Settings reload on any realtime change to system_settings").
  useEffect(
    () => adapter.settings.subscribe((settings) => client.setQueryData(courseKeys.settings(), settings)),
    [adapter, client],
  );

  const value = useMemo(
    () => ({ adapter, theme, onNavigate, progressLimiter }),
    [adapter, theme, onNavigate, progressLimiter],
  );
  return (
    <QueryClientProvider client={client}>
      <CourseContext.Provider value={value}>{children}</CourseContext.Provider>
    </QueryClientProvider>
  );
}
