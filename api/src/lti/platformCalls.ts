import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { schema } from '../db/index';
import { signWithToolKey } from './keys';

// Calls from the tool to a platform's LTI Advantage services (AGS, NRPS): the access token by
// client credentials with a private_key_jwt assertion signed by the tool's key, cached per
// registration and scope until shortly before it expires and shared by every service of the
// instance, and the platform's answers in words.

/** How long before its expiry a cached access token is no longer used. */
const TOKEN_MARGIN_S = 60;
/** How long one call to the platform may take. */
const TIMEOUT_MS = 10_000;

export type Registration = typeof schema.ltiRegistrations.$inferSelect;

/** A platform's answer that is not a success: transient ones are retried, the rest recorded as refused. */
export class PlatformAnswer extends Error {
  constructor(
    readonly status: number | null,
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
  }
}

export const transientStatus = (status: number) =>
  status >= 500 || status === 408 || status === 429 || status === 401;

/** The platform's own words: an error body's message, or the start of its text. */
export async function wordsOf(res: Response): Promise<string> {
  const text = (await res.text().catch(() => '')).slice(0, 2000);
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const words = [body.error_description, body.message, body.error, body.reason].find(
      (w) => typeof w === 'string' && w,
    );
    if (typeof words === 'string') return `${res.status}: ${words}`.slice(0, 500);
  } catch {}
  return `${res.status}: ${text.trim() || res.statusText}`.slice(0, 500);
}

/** One HTTP call to the platform, with a time limit; a network failure is a transient PlatformAnswer. */
async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new PlatformAnswer(
      null,
      `network: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
}

interface PlatformTokens {
  /** A cached token of this registration and scope, or a new one (one request for concurrent callers). */
  tokenFor(registration: Registration, scope: string): Promise<string>;
  /** Calls a service with the token; a 401 drops the cached token (the next call asks anew). */
  service(registration: Registration, scope: string, url: string, init: RequestInit): Promise<Response>;
  /** Access tokens asked of platforms' token endpoints since start (this instance). */
  requests(): number;
}

const perContext = new WeakMap<AppContext, PlatformTokens>();

/** The instance's token cache for platforms' services (one per AppContext). */
export function platformTokens(ctx: AppContext): PlatformTokens {
  let found = perContext.get(ctx);
  if (!found) {
    found = tokenCache(ctx);
    perContext.set(ctx, found);
  }
  return found;
}

function tokenCache(ctx: AppContext): PlatformTokens {
  const tokens = new Map<string, { token: string; until: number }>();
  const asking = new Map<string, Promise<string>>();
  let requests = 0;

  const askToken = async (registration: Registration, scope: string): Promise<string> => {
    requests += 1;
    const assertion = await signWithToolKey(
      ctx,
      {
        iss: registration.clientId,
        sub: registration.clientId,
        aud: registration.tokenUrl,
        jti: randomUUID(),
      },
      { expiresInS: 300 },
    );
    const res = await call(registration.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
        scope,
      }),
    });
    if (!res.ok) {
      const words = await wordsOf(res);
      // Always transient: a refused assertion is the registration's to fix, and a learner's score waits.
      throw new PlatformAnswer(res.status, `token: ${words}`, true);
    }
    const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string')
      throw new PlatformAnswer(res.status, 'token: no access_token', true);
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    tokens.set(`${registration.id} ${scope}`, {
      token: body.access_token,
      until: ctx.clock.now() + Math.max(0, lifetime - Math.min(TOKEN_MARGIN_S, lifetime / 10)) * 1000,
    });
    return body.access_token;
  };

  const tokenFor = (registration: Registration, scope: string): Promise<string> => {
    const key = `${registration.id} ${scope}`;
    const cached = tokens.get(key);
    if (cached && cached.until > ctx.clock.now()) return Promise.resolve(cached.token);
    let pending = asking.get(key);
    if (!pending) {
      pending = askToken(registration, scope).finally(() => asking.delete(key));
      asking.set(key, pending);
    }
    return pending;
  };

  return {
    tokenFor,
    async service(registration, scope, url, init) {
      const token = await tokenFor(registration, scope);
      const res = await call(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
      });
      if (res.status === 401) tokens.delete(`${registration.id} ${scope}`);
      return res;
    },
    requests: () => requests,
  };
}
