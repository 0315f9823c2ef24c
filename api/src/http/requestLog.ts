import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pathOnly, queryNames } from './logSafeUrl';
import type { Metrics } from './metrics';
import { requestIdFrom } from './requestId';
import { routePattern } from './routerRoutes';

declare module 'express-serve-static-core' {
  interface Request {
    /** This request's id (http/requestId.ts). */
    id: string;
    /** The app's logger with `reqId` on every line. */
    log: Logger;
  }
}

/**
 * First middleware of the app: gives the request its id (answered in `X-Request-Id`) and a child
 * logger, and when the answer is sent, logs one line (method, path, query names, route, status,
 * time) and counts it in the metrics by route pattern, never by raw URL.
 */
export function requestLog(logger: Logger, metrics?: Metrics): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    const id = requestIdFrom(req.headers);
    req.id = id;
    res.setHeader('X-Request-Id', id);
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => {
        child ??= logger.child({ reqId: id });
        return child;
      },
    });
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const route = routePattern(req.app, req.route) ?? (res.statusCode < 400 ? '(static)' : '(unmatched)');
      const stream = String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');
      metrics?.observe(req.method, route, res.statusCode, stream ? undefined : ms);
      if (!logger.isLevelEnabled('info')) return;
      req.log.info(
        {
          method: req.method,
          path: pathOnly(req.originalUrl),
          query: queryNames(req.originalUrl),
          route,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        'request',
      );
    });
    next();
  };
}
