import path from 'node:path';
import express, { type RequestHandler, Router } from 'express';
import { notFound } from './errors';
import { sendPrecompressed } from './precompressed';

// The built site (apps/host/dist) on the API's port: its files, each with the cache policy it can
// bear and its pre-compressed copy when the browser accepts one, and index.html for the page
// routes of the single-page app. A path that names a file and finds none is a 404, never the
// app's HTML (a crawler asking for /robots.txt, a script tag with a stale hash).

/** Vite's content-hashed output: a new build gives a changed file a new name. */
const HASHED_ASSET = /^\/assets\/[^/]+-[\w-]{8}\.[\w.]+$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, robots.txt, the examples) is revalidated on every use (ETag). */
export const REVALIDATE = 'no-cache';

const cacheControlOf = (urlPath: string): string => (HASHED_ASSET.test(urlPath) ? IMMUTABLE : REVALIDATE);

/** Paths that are never a page: file trees, and anything whose last segment has an extension. */
const NOT_A_PAGE = /^\/(api|assets|storage|embed)(\/|$)|\.[^/]*$/;

export function isPageRoute(urlPath: string): boolean {
  return !NOT_A_PAGE.test(urlPath);
}

export function staticSite(dist: string): Router {
  const router = Router();
  const options = { cacheControl: cacheControlOf };
  const files = express.static(dist, {
    index: false,
    redirect: false,
    cacheControl: false,
    setHeaders: (res, file) =>
      res.setHeader(
        'Cache-Control',
        cacheControlOf(`/${path.relative(dist, file).split(path.sep).join('/')}`),
      ),
  });

  const file: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next(notFound('No such file'));
    }
    if (urlPath.endsWith('/')) return files(req, res, next);
    sendPrecompressed(req, res, dist, urlPath, options, (error) =>
      error ? next(error) : files(req, res, next),
    );
  };

  const page: RequestHandler = (req, res, next) => {
    if (!isPageRoute(req.path)) return next(notFound('No such file'));
    const send = (error?: unknown) => {
      if (error) return next(error);
      res.set('Cache-Control', REVALIDATE);
      res.sendFile(path.join(dist, 'index.html'), { cacheControl: false }, (err) => err && next(err));
    };
    sendPrecompressed(req, res, dist, '/index.html', options, send);
  };

  router.use(file);
  router.get('/{*path}', page);
  return router;
}
