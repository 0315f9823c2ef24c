import { QueryClient } from '@tanstack/react-query';
import { onDataChanged } from '../session/dataEvents';

/**
 * The one query cache of the site (the App provides it): the course's outline, which the landing
 * page shows, and every lazily loaded screen (widgets and account pages), so moving between routes
 * does not refetch what is fresh.
 */
export const hostQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) =>
        count < 1 &&
        !['unauthorized', 'not_found', 'forbidden'].includes((error as { code?: string }).code ?? ''),
    },
  },
});

// Another user, a sign-out or a reset elsewhere: nothing cached of a learner may show. The course's
// outline is the same for everyone, so it stays.
onDataChanged(() => hostQueryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== 'outline' }));
