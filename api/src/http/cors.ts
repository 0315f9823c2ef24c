import { originRefusedMessage } from '@coursekit/core';
import type { RequestHandler } from 'express';
import { fail } from './errors';

/**
 * Cross-origin calls from the pages of an active organisation's embed origins (`allowed` answers
 * from each instance's memory), and from nowhere else. The partner supplies sign-in as a bearer
 * token, so no cookie ever crosses (no credentials mode).
 */
export function cors(allowed: (origin: string) => Promise<boolean>): RequestHandler {
  return async (req, res, next) => {
    res.vary('Origin');
    const origin = req.get('origin');
    if (!origin) return next();
    if (!(await allowed(origin))) {
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
