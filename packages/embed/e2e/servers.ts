import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT, startApiProcess } from '@coursekit/api/testing';
import { type StaticSite, serveFiles } from '@coursekit/api/testing/staticFiles';

export { REPO_ROOT };

const here = path.dirname(fileURLToPath(import.meta.url));

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

const example = path.join(REPO_ROOT, 'apps/host/public/examples');

/**
 * The partner's web server, on another origin than the API: the example intranet page the site
 * serves at /examples/intranet.html, and the CourseKit bundle, nothing else.
 */
export function startPartnerSite(): Promise<StaticSite> {
  return serveFiles({
    '/intranet.html': [path.join(example, 'intranet.html'), 'text/html; charset=utf-8'],
    '/intranet.css': [path.join(example, 'intranet.css'), 'text/css'],
    '/intranet.js': [path.join(example, 'intranet.js'), 'text/javascript'],
    '/embed/coursekit-embed.iife.js': [path.join(here, '../dist/coursekit-embed.iife.js'), 'text/javascript'],
  });
}

/** A learning record store on loopback that keeps every statement it is sent. */
export async function startLrs() {
  const statements: unknown[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type, authorization, x-experience-api-version',
    };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/xapi/statements') return void res.writeHead(404, cors).end();
      statements.push(JSON.parse(body));
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('[]');
    });
  });
  const url = await listen(server);
  return { url: `${url}/xapi`, statements, stop: () => close(server) };
}

/** The real API as a process (main.ts): embedded PGlite, or a fresh database when DATABASE_URL is set. */
export async function startApi(env: Record<string, string>) {
  const api = await startApiProcess({ env });
  return { api: api.api, stop: () => api.stop().then(() => undefined) };
}
