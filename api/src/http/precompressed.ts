import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';

// Files the builds compressed once (the embed's build.mjs and the site's Vite build write
// `name.br` and `name.gz` beside `name`), sent to the browsers that accept them: no compression
// work per request, and the best ratio (brotli quality 11, gzip level 9).

const SUFFIX = { br: '.br', gzip: '.gz' } as const;
type Encoding = keyof typeof SUFFIX;

/**
 * The encoding to send, by what the Accept-Encoding header accepts: the highest q wins, and among
 * equals brotli before gzip. The header's order is not a preference (Chrome sends
 * `gzip, deflate, br, zstd` and takes brotli gladly); `br;q=0` or `identity` alone refuses it.
 */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) q.set(name, weight === undefined ? 1 : Number(weight));
  }
  const accepts = (encoding: Encoding) => q.get(encoding) ?? q.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce<Encoding | undefined>(
    (chosen, encoding) => (accepts(encoding) > (chosen ? accepts(chosen) : 0) ? encoding : chosen),
    undefined,
  );
  return best;
}

export interface PrecompressedOptions {
  /** The Cache-Control of a file, by its path under the directory ('/assets/x.js'). */
  cacheControl(urlPath: string): string;
  /** Which paths may have copies (default: any). */
  match?: RegExp;
}

/**
 * Sends `dir/urlPath` as its pre-compressed copy when the browser accepts one and the copy exists;
 * calls `otherwise` when not (the plain file, or a 404). `urlPath` is the decoded request path:
 * `send` refuses `..` and dotfiles, so nothing outside `dir` is ever read.
 */
export function sendPrecompressed(
  req: Request,
  res: Response,
  dir: string,
  urlPath: string,
  options: PrecompressedOptions,
  otherwise: (error?: unknown) => void,
): void {
  res.vary('Accept-Encoding');
  const encoding = preferredEncoding(req.get('accept-encoding'));
  if (!encoding || (options.match && !options.match.test(urlPath))) {
    otherwise();
    return;
  }
  res.set({ 'Content-Encoding': encoding, 'Cache-Control': options.cacheControl(urlPath) });
  res.type(path.extname(urlPath) || 'application/octet-stream');
  res.sendFile(urlPath + SUFFIX[encoding], { root: dir, dotfiles: 'deny', cacheControl: false }, (error) => {
    if (!error) return;
    const status = (error as { status?: number; statusCode?: number }).status;
    if (res.headersSent) return otherwise(error);
    // No copy of this file (or a path `send` refuses): answer as if there were no copies at all.
    res.removeHeader('Content-Encoding');
    res.removeHeader('Content-Type');
    res.removeHeader('Cache-Control');
    otherwise(status === 404 || status === 403 ? undefined : error);
  });
}

/** Middleware: GET/HEAD of a file under `dir` with a pre-compressed copy; the rest falls through. */
export function precompressed(dir: string, options: PrecompressedOptions): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    sendPrecompressed(req, res, dir, urlPath, options, next);
  };
}
