import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN = { email: 'admin@faults.test', password: 'Fault-Suite-2026!' } as const;

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

export interface ApiProcess {
  url: string;
  api: string;
  child: ChildProcess;
  /** Everything the process printed (for failure messages). */
  output(): string;
  /** Resolves to the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; removes its DATA_DIR. */
  stop(graceMs?: number): Promise<number | null>;
}

/** The real API (api/src/main.ts) as a child process on a free port, like production runs it. */
export async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-faults-api-'));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'fault-suite-shared-secret-of-every-instance-0123456789',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      HOST_DIST: path.join(dataDir, 'no-host'),
      ...env,
    },
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
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API exited (${child.exitCode}):\n${log}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The API did not become healthy within 90 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    api: `${url}/api`,
    child,
    output: () => log,
    exited,
    async stop(graceMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
      return exited;
    },
  };
}
