import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ScratchDatabase, scratchDatabase } from './scratchDatabase';

// The real API as a child process, the way production runs it (api/src/main.ts): for the browser
// suites of the site and the embed and for the fault suite. One copy, so a change to how the API
// starts (a new variable, a slower migration) is made once.

/** The repository's root: the API is started from there. */
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ApiProcessOptions {
  /** Extra variables (ADMIN_EMAIL, CORS_ORIGINS, HOST_DIST…); they win over the defaults below. */
  env?: Record<string, string>;
  /**
   * 'scratch' (default): a fresh database on DATABASE_URL's server when that is set, dropped at
   * stop, else embedded PGlite in the process's own DATA_DIR. 'inherit': whatever `env` or the
   * environment says (the fault suite points it at its own PostgreSQL).
   */
  database?: 'scratch' | 'inherit';
  /** How long to wait for /api/health (90 s by default: the first start migrates and loads the course). */
  startTimeoutMs?: number;
  /** A fixed port (a load balancer's upstream restarted in place); a free one by default. */
  port?: number;
  /** What "started" means: /api/health answers (default), or /api/health/ready (a load balancer's view). */
  waitFor?: '/api/health' | '/api/health/ready';
}

export interface ApiProcess {
  /** The origin, e.g. http://127.0.0.1:41234, and the API under it. */
  url: string;
  api: string;
  /** The environment it runs with (configFromEnv of it is its config). */
  env: NodeJS.ProcessEnv;
  /** Its DATA_DIR (its embedded PGlite's data directory is in there when it runs on PGlite). */
  dataDir: string;
  /** Its own PostgreSQL database when it runs on one; undefined on embedded PGlite. */
  databaseUrl: string | undefined;
  child: ChildProcess;
  /** Everything the process printed (for failure messages). */
  output(): string;
  /** Resolves to the exit code once the process has ended. */
  exited: Promise<number | null>;
  /**
   * SIGTERM, then SIGKILL after `graceMs`, keeping its database and DATA_DIR for a test to open
   * (embedded PGlite's data directory is only ever opened by one process at a time); `stop` removes them.
   */
  halt(graceMs?: number): Promise<number | null>;
  /** Halts it, then drops its scratch database and removes its DATA_DIR. */
  stop(graceMs?: number): Promise<number | null>;
}

/** Starts api/src/main.ts on a free port and resolves once /api/health answers. */
export async function startApiProcess(options: ApiProcessOptions = {}): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-api-process-'));
  let scratch: ScratchDatabase | undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // One process, as before npm start ran a worker per core: a case that wants workers says so.
    WEB_CONCURRENCY: '1',
    // no built site unless the caller serves one
    HOST_DIST: path.join(dataDir, 'no-site'),
  };
  if ((options.database ?? 'scratch') === 'scratch') {
    if (process.env.DATABASE_URL) {
      scratch = await scratchDatabase(process.env.DATABASE_URL, 'ck_process');
      env.DATABASE_URL = scratch.url;
    } else {
      delete env.DATABASE_URL;
    }
  }
  Object.assign(env, options.env);
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'api/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const cleanUp = async () => {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) {
      await cleanUp();
      throw new Error(`The API exited (${child.exitCode}):\n${log}`);
    }
    const ok = await fetch(`${url}${options.waitFor ?? '/api/health'}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      await cleanUp();
      throw new Error(`The API did not become healthy in time:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const halt = async (graceMs = 15_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    return exited;
  };
  return {
    url,
    api: `${url}/api`,
    env,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    child,
    output: () => log,
    exited,
    halt,
    async stop(graceMs) {
      await halt(graceMs);
      await cleanUp();
      return exited;
    },
  };
}

/** What api/src/test/xssSite.ts prints once its hostile content is in place. */
export interface XssSite {
  url: string;
  learner: { email: string; password: string };
  admin: { email: string; password: string };
  /** SIGTERM; resolves once the process has ended. */
  stop(): Promise<void>;
}

/**
 * The API with the XSS corpus written into everything a learner or admin is shown
 * (api/src/test/xssSite.ts), for the browser suites of the site and the embed.
 */
export async function startXssSite(env: Record<string, string>): Promise<XssSite> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'api/src/test/xssSite.ts'],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const site = await new Promise<Omit<XssSite, 'stop'>>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => reject(new Error(`The XSS site exited (${code}):\n${output}`)));
  });
  return {
    ...site,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
