// Running a scanner: under `timeout`, in the work folder, with a home of its own.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const secondsSince = (t) => Math.round((Date.now() - t) / 1000);

/**
 * A runner for one scanner at a time. `isStopping()` says the scan is being torn down: a run asked
 * for then starts nothing and never settles. `stop()` ends the scanner running now.
 */
export function toolRunner({ work, isStopping }) {
  const env = { PATH: process.env.PATH, HOME: join(work, 'home'), LANG: 'C.UTF-8', TERM: 'dumb' };
  mkdirSync(env.HOME, { recursive: true });
  /** The scanner process running now (the `timeout` wrapping it). */
  let child;
  return {
    /** Runs `tool args` for at most `ms`; its output goes to `log` and is answered. */
    run(tool, args, ms, log) {
      return new Promise((resolve) => {
        if (isStopping()) return;
        const out = createWriteStream(log);
        let output = '';
        const seconds = Math.max(1, Math.floor(ms / 1000));
        child = spawn('timeout', ['-k', '10', String(seconds), tool, ...args], {
          cwd: work,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        for (const stream of [child.stdout, child.stderr]) {
          stream.on('data', (chunk) => {
            output += chunk;
            out.write(chunk);
          });
        }
        child.once('exit', (code, signal) => {
          out.end();
          resolve({ code, signal, output, timedOut: code === 124 || code === 137 });
        });
      });
    },
    stop() {
      if (child && child.exitCode === null) child.kill('SIGTERM');
    },
  };
}
