// The throw-away API the scan attacks: started as `npm start` starts it, without the site, on
// embedded PGlite in the work folder or on a scratch PostgreSQL database, listening on 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

export const LOOPBACK = '127.0.0.1';
const root = new URL('../..', import.meta.url).pathname;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, LOOPBACK, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The local addresses something listens on at `port` (/proc/net/tcp and tcp6), e.g. 0100007F. */
function listeners(port) {
  const found = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local) continue; // 0A: LISTEN
      const [address, hexPort] = local.split(':');
      if (Number.parseInt(hexPort, 16) === port) found.push(address);
    }
  }
  return found;
}
const LOOPBACK_HEX = new Set(['0100007F', '00000000000000000000000001000000']);

// main.ts listens on PORT on every interface and has no setting for the address; this module, loaded
// before it, makes a listen(port[, callback]) without an address listen on 127.0.0.1.
const loopbackOnly = `data:text/javascript,${encodeURIComponent(
  "import net from 'node:net';const listen=net.Server.prototype.listen;" +
    "net.Server.prototype.listen=function(...a){if(typeof a[0]==='number'&&typeof a[1]!=='string')" +
    "a.splice(1,0,'127.0.0.1');return listen.apply(this,a);};",
)}`;

/**
 * Makes the scratch database when `adminDatabaseUrl` names a PostgreSQL server (on this machine:
 * the caller checks), and answers how the API reaches it. `drop` removes it at the end.
 */
export async function prepareDatabase(adminDatabaseUrl, work) {
  if (!adminDatabaseUrl) {
    return { env: { DATA_DIR: join(work, 'data') }, label: 'embedded PGlite (temporary DATA_DIR)' };
  }
  const { default: postgres } = await import('postgres');
  const name = `ck_scan_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const sql = postgres(adminDatabaseUrl, { max: 1, onnotice: () => {} });
  await sql.unsafe(`create database ${name}`);
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: join(work, 'data'), DATABASE_URL: url.toString() },
    label: `PostgreSQL scratch database ${name} on ${url.host}`,
    scratch: {
      name,
      async drop() {
        await sql.unsafe(`drop database if exists ${name} with (force)`);
        await sql.end({ timeout: 5 });
      },
    },
  };
}

/**
 * Starts the API with the bootstrap admin `admin` and waits until it is ready (180 s at most).
 * `onChild` hears of the process at once, so the caller's teardown can stop it whatever happens next.
 * Throws, with the log's path, if it exits, is not ready in time or listens beyond loopback.
 */
export async function startApi({ work, databaseEnv, admin, onChild }) {
  const port = await freePort();
  const url = `http://${LOOPBACK}:${port}`;
  const log = join(work, 'api.log');
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? work,
    PORT: String(port),
    PUBLIC_URL: url,
    HOST_DIST: join(work, 'no-site'),
    WEB_CONCURRENCY: '1',
    LOG_LEVEL: 'info',
    SHUTDOWN_GRACE_MS: '3000',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ...databaseEnv,
  };
  const out = createWriteStream(log);
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', loopbackOnly, '--import', 'tsx', 'api/src/main.ts'],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  onChild(child);
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const startBy = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API exited (${child.exitCode}); its log: ${log}`);
    const ready = await fetch(`${url}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > startBy) throw new Error(`The API was not ready within 180 s; its log: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const bound = listeners(port);
  if (bound.some((address) => !LOOPBACK_HEX.has(address))) {
    throw new Error(`The API listens on more than loopback (${bound.join(', ')}): not scanning`);
  }
  return { child, port, url, log };
}

/** Stops the API: SIGTERM, then SIGKILL after 8 s. */
export async function stopApi(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
  await exited;
  clearTimeout(timer);
}
