import { createHttpAdapter } from '@coursekit/core/http';

/** The site's one adapter: the API on the same origin; the session survives reloads in localStorage. */
export const adapter = createHttpAdapter({ baseUrl: '/api', storage: window.localStorage });
