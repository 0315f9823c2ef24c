// The company sign-in routes the learner's browser follows (redirects, not JSON): the start, which
// goes to the organisation's identity provider, and the callback the provider sends the browser
// back to. The API mounts them; the OpenAPI document and the access matrix read this table. Paths are
// relative to the API's base URL. The discovery call is JSON and lives in `endpoints`.

export interface SsoEndpoint {
  method: 'GET';
  path: string;
  produces: 'redirect';
  summary: string;
}

const s = <const T extends SsoEndpoint>(endpoint: T): T => endpoint;

export const ssoEndpoints = {
  ssoStart: s({
    method: 'GET',
    path: '/auth/sso/:slug/start',
    produces: 'redirect',
    summary:
      'Starts a sign-in through the organisation’s identity provider: redirects there (authorization code flow with PKCE, state and nonce, bound to this browser by a cookie), or back to the sign-in page with `sso_error` when the organisation is suspended or its provider is disabled or missing',
  }),
  ssoCallback: s({
    method: 'GET',
    path: '/auth/sso/callback',
    produces: 'redirect',
    summary:
      'The identity provider’s answer (code, state): checks it, finds, links or creates the learner, and redirects to the site with the session in the URL hash; any refusal redirects to the sign-in page with `sso_error` naming why',
  }),
} as const satisfies Record<string, SsoEndpoint>;
