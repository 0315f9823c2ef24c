import { originRefusedMessage } from '@coursekit/core';
import type { RequestHandler } from 'express';
import { fail } from './errors';

/**
 * Cross-origin calls from the partner pages named in CORS_ORIGINS, and from nowhere else. The
 * partner supplies sign-in as a bearer token, so no cookie ever crosses (no credentials mode).
 */
export function cors(allowed: readonly string[]): RequestHandler {
  const origins = new Set(allowed);
  return (req, res, next) => {
    res.vary('Origin');
    const origin = req.get('origin');
    if (!origin) return next();
    if (!origins.has(origin)) {
      // A same-origin page sends Origin on writes too; only a foreign origin is refused.
      if (req.method !== 'OPTIONS') return next();
      throw fail('forbidden', originRefusedMessage(origin));
    }
    res.set('Access-Control-Allow-Origin', origin);
    res.set('Access-Control-Expose-Headers', 'Retry-After');
    if (req.method === 'OPTIONS') {
      res.set('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      res.set('Access-Control-Allow-Headers', 'authorization, content-type, accept');
      res.set('Access-Control-Max-Age', '600');
      return void res.status(204).end();
    }
    next();
  };
}
