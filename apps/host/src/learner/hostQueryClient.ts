import { QueryClient } from '@tanstack/react-query';
import { onDataChanged } from '../session/dataEvents';

/**
 * The one query cache of every lazily loaded screen (widgets and account pages), so moving between
 * routes does not refetch what is fresh. Loaded with the first such screen, never on the landing page.
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

// Another user, a sign-out or a reset elsewhere: nothing cached may show.
onDataChanged(() => hostQueryClient.clear());
