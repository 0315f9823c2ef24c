import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
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
export async function startPartnerSite() {
  const files: Record<string, [string, string]> = {
    '/intranet.html': [path.join(example, 'intranet.html'), 'text/html; charset=utf-8'],
    '/intranet.css': [path.join(example, 'intranet.css'), 'text/css'],
    '/intranet.js': [path.join(example, 'intranet.js'), 'text/javascript'],
    '/embed/coursekit-embed.iife.js': [path.join(here, '../dist/coursekit-embed.iife.js'), 'text/javascript'],
  };
  const server = createServer((req, res) => {
    const file = files[(req.url ?? '').split('?')[0]!];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[1] }).end(readFileSync(file[0]));
  });
  const url = await listen(server);
  return { url, stop: () => close(server) };
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
  const probe = createServer();
  const port = Number(new URL(await listen(probe)).port);
  await close(probe);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-embed-'));
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const { default: postgres } = await import('postgres');
    const name = `ck_embed_${randomBytes(4).toString('hex')}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    };
  }
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), '--conditions=source', 'api/src/main.ts'],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        HOST_DIST: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 90_000; ; ) {
    if (child.exitCode !== null) throw new Error(`The API exited (${child.exitCode}):\n${output}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`The API did not start within 90 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    api: `${url}/api`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
