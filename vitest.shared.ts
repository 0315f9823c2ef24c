import { defaultClientConditions, defaultServerConditions } from 'vite';

/**
 * Workspaces resolve each other to their TypeScript sources (the `source` export condition), so
 * tests never run against a stale or missing `dist/`. Vite keeps separate condition lists for the
 * browser-like (jsdom) and the Node environments; both need it.
 */
export const sourceResolution = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};
