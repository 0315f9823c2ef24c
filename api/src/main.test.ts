import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** Starts main.ts as `npm start` does, on embedded PGlite in a fresh DATA_DIR, and waits for its banner. */
function start(dataDir: string, port: number): Promise<{ child: ChildProcess; banner: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
  for (const name of [
    'DATABASE_URL',
    'JWT_SECRET',
    'SMTP_URL',
    'PUBLIC_URL',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
    'NODE_ENV',
  ]) {
    delete env[name];
  }
  const child = spawn(process.execPath, [TSX, '--conditions=source', 'api/src/main.ts'], { cwd: ROOT, env });
  return new Promise((resolve, reject) => {
    let banner = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      banner += chunk.toString();
      if (banner.includes('make an admin')) resolve({ child, banner });
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      banner += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${banner}`)));
  });
}

describe('main.ts: npm start on embedded PGlite', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, loads the course, prints where things are, and shuts down gracefully on SIGTERM', async () => {
    const port = 39_000 + Math.floor(Math.random() * 1000);
    const { child, banner } = await start(dataDir, port);
    try {
      expect(banner).toContain(`http://localhost:${port}`);
      expect(banner).toContain(`dev mailbox ${path.join(dataDir, 'mailbox')}`);
      expect(banner).toContain('courses           data-literacy-for-facility-managers loaded (25 lessons');
      expect(banner).toContain('ADMIN_EMAIL');
      // Embedded PGlite cannot be shared by several processes: one worker, whatever the cores.
      expect(banner).toMatch(/workers {11}1\b/);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: true });
      expect(readdirSync(dataDir).sort()).toEqual(
        expect.arrayContaining(['jwt-secret', 'pgdata', 'storage']),
      );

      // An open SSE stream must not hold shutdown up.
      const stream = await fetch(`http://127.0.0.1:${port}/api/settings/stream`);
      expect(stream.status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});
