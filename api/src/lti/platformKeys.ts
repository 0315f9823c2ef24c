import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import type { Clock } from '../context';

/** After a fetch, the JWKS is not fetched again for an unknown kid before this long. */
const JWKS_COOLDOWN_MS = 30_000;
/** A JWKS is fetched again after this long even when every kid is found. */
const JWKS_MAX_AGE_MS = 10 * 60_000;

interface Cached {
  keys: JWTVerifyGetKey;
  fetchedAt: number;
}

/**
 * Each platform's public keys, one cache per JWKS URL shared by every launch. A token naming a kid
 * the cache does not hold (the platform rotated its keys) makes it fetch the JWKS again, at most
 * once per cool-down, so a stream of made-up kids cannot make the tool flood the platform. Times
 * are the server's clock.
 */
const cache = new Map<string, Cached>();
const inFlight = new Map<string, Promise<Cached>>();

async function fetchJwks(url: string, clock: Clock): Promise<Cached> {
  let pending = inFlight.get(url);
  if (!pending) {
    pending = (async () => {
      let body: unknown;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' });
        if (!res.ok) throw new Error(`status ${res.status}`);
        body = await res.json();
      } catch (error) {
        throw new errors.JWKSTimeout(`The platform's JWKS could not be fetched: ${String(error)}`);
      }
      let keys: JWTVerifyGetKey;
      try {
        keys = createLocalJWKSet(body as JSONWebKeySet);
      } catch {
        throw new errors.JWKSInvalid('The platform answered something that is not a JWKS');
      }
      const cached = { keys, fetchedAt: clock.now() };
      cache.set(url, cached);
      return cached;
    })().finally(() => inFlight.delete(url));
    inFlight.set(url, pending);
  }
  return pending;
}

export function platformKeys(jwksUrl: string, clock: Clock): JWTVerifyGetKey {
  return async (header, token) => {
    let cached = cache.get(jwksUrl);
    if (!cached || clock.now() - cached.fetchedAt >= JWKS_MAX_AGE_MS)
      cached = await fetchJwks(jwksUrl, clock);
    try {
      return await cached.keys(header, token);
    } catch (error) {
      const unknownKid = error instanceof errors.JWKSNoMatchingKey;
      if (!unknownKid || clock.now() - cached.fetchedAt < JWKS_COOLDOWN_MS) throw error;
      return (await fetchJwks(jwksUrl, clock)).keys(header, token);
    }
  };
}
