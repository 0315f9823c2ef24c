import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// Self-contained (no harness import) so the site's and the embed's browser suites can start it too.

/** A web server on another origin than the API (a partner's intranet), serving these files only. */
export interface StaticSite {
  url: string;
  stop(): Promise<void>;
}

/**
 * Serves each path of `files` (its file on disk and content type) on 127.0.0.1, read at each
 * request, and 404 for anything else; the query string is ignored.
 */
export async function serveFiles(
  files: Record<string, [file: string, contentType: string]>,
): Promise<StaticSite> {
  const server = createServer((req, res) => {
    const file = files[(req.url ?? '').split('?')[0]!];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[1] }).end(readFileSync(file[0]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
