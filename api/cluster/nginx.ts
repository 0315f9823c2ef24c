import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// nginx from Debian's packages, run as a child process of the test with its own prefix, config and
// pid file in a temporary directory, listening on loopback only.

const TEMPLATE = new URL('./nginx.conf', import.meta.url);

/** The nginx binary; Debian's nginx-light (or nginx) is installed when missing. */
export function ensureNginx(): string {
  const found = () => {
    try {
      execFileSync('nginx', ['-v'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (!found()) {
    const apt = (args: string[]) =>
      execFileSync('apt-get', args, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    try {
      apt(['install', '-y', 'nginx-light']);
    } catch {
      apt(['update']);
      apt(['install', '-y', 'nginx']);
    }
  }
  return 'nginx';
}

export interface Upstream {
  port: number;
  /** Taken out of the rotation (`down`) while it restarts. */
  down?: boolean;
}

export interface Nginx {
  url: string;
  /** Rewrites the upstream list and reloads nginx gracefully (SIGHUP); resolves once it took effect. */
  setUpstreams(upstreams: Upstream[]): Promise<void>;
  /** The configuration as written, for the report. */
  config(): string;
  stop(): Promise<void>;
}

export async function startNginx(port: number, upstreams: Upstream[]): Promise<Nginx> {
  const bin = ensureNginx();
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'coursekit-nginx-'));
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, dir));
  const file = path.join(prefix, 'nginx.conf');
  // As root, nginx's workers would switch to "nobody", who cannot write this directory: keep our user.
  const me = os.userInfo();
  const user = me.uid === 0 ? 'user root root;' : '';
  const render = (list: Upstream[]) =>
    readFileSync(TEMPLATE, 'utf8')
      .replaceAll('{{prefix}}', prefix)
      .replace('{{user}}', user)
      .replace('{{listen}}', `127.0.0.1:${port}`)
      .replace(
        '{{servers}}',
        list
          .map((u) => `    server 127.0.0.1:${u.port} max_fails=1 fail_timeout=3s${u.down ? ' down' : ''};`)
          .join('\n'),
      );
  writeFileSync(file, render(upstreams));
  execFileSync(bin, ['-t', '-p', prefix, '-c', file], { stdio: 'pipe' });
  const child: ChildProcess = spawn(bin, ['-p', prefix, '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/api/health/live`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || i > 100) throw new Error(`nginx did not start: ${readLog(prefix)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async setUpstreams(list) {
      writeFileSync(file, render(list));
      execFileSync(bin, ['-t', '-p', prefix, '-c', file], { stdio: 'pipe' });
      child.kill('SIGHUP');
      // New workers take the new configuration; old ones finish their connections (streams included).
      await new Promise((r) => setTimeout(r, 500));
    },
    config: () => readFileSync(file, 'utf8'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT'); // graceful; SIGTERM after a while
        const timer = setTimeout(() => child.kill('SIGTERM'), 3_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function readLog(prefix: string): string {
  try {
    return readFileSync(path.join(prefix, 'error.log'), 'utf8');
  } catch {
    return '(no error log)';
  }
}
