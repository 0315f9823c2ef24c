import { QueryClient } from '@tanstack/react-query';
import { onDataChanged } from '../session/dataEvents';

const createHostQueryClient = () =>
  new QueryClient({
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

/**
 * The one query cache of every lazily loaded screen (widgets and account pages), so moving between
 * routes does not refetch what is fresh. Loaded with the first such screen, never on the landing page.
 * It holds the default course's data; each other course has a cache of its own (courseQueryClient).
 */
export const hostQueryClient = createHostQueryClient();

// The widgets' query keys name no course, so two courses must never share a cache: one per slug.
const courseClients = new Map<string, QueryClient>();

/** The cache of a course's screens: the default course's (no slug) or one per slug. */
export function courseQueryClient(slug: string | null): QueryClient {
  if (slug === null) return hostQueryClient;
  let client = courseClients.get(slug);
  if (!client) {
    client = createHostQueryClient();
    courseClients.set(slug, client);
  }
  return client;
}

// Another user, a sign-out or a reset elsewhere: nothing cached may show.
onDataChanged(() => {
  hostQueryClient.clear();
  for (const client of courseClients.values()) client.clear();
});
