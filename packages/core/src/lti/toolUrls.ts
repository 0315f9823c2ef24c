import { ltiEndpoints } from '../http/ltiEndpoints';

/** The tool's own addresses a platform's admin enters in their LMS when registering it. */
export interface LtiToolUrls {
  /** OIDC login initiation (the LMS's "OpenID Connect Initiation Url"). */
  login: string;
  /** The launch: the redirect URI and the target link URI. */
  launch: string;
  /** Deep linking: the same launch URL, which answers a deep-linking request with the catalog. */
  deepLinking: string;
  /** The tool's public keys (the LMS's "Public JWK URL"). */
  jwks: string;
}

/**
 * The tool's URLs on an API at `apiBase` (e.g. `https://courses.example.com/api`), from core's
 * ltiEndpoints table. A relative base (`/api`) is made absolute with `origin` when one is given:
 * an LMS needs whole addresses.
 */
export function ltiToolUrls(apiBase: string, origin?: string): LtiToolUrls {
  const trimmed = apiBase.replace(/\/+$/, '');
  const base = origin && trimmed.startsWith('/') ? `${origin.replace(/\/+$/, '')}${trimmed}` : trimmed;
  const launch = `${base}${ltiEndpoints.ltiLaunch.path}`;
  return {
    login: `${base}${ltiEndpoints.ltiLogin.path}`,
    launch,
    deepLinking: launch,
    jwks: `${base}${ltiEndpoints.ltiJwks.path}`,
  };
}
