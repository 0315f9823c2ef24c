import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './apiProcess';

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A throw-away PostgreSQL server of the fault suite's own: stopping it never touches the shared 5432. */
export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: every connection is cut, new ones are refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its directory (afterAll). */
  destroy(): Promise<void>;
}

// The machine runs as root and PostgreSQL refuses to: every binary runs as the postgres user.
const asPostgres = (file: string, args: string[]) =>
  process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);

export async function startPostgresServer(): Promise<PostgresServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-faults-pg-'));
  if (process.getuid?.() === 0) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout), 0);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await asPostgres(path.join(BIN, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  // Small and quick: no fsync wait at shutdown (fsync stays on: acknowledged writes must survive a
  // restart), a socket directory of its own, loopback only.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50 -c shared_buffers=32MB`;
  const pgCtl = (...args: string[]) => asPostgres(path.join(BIN, 'pg_ctl'), ['-D', data, ...args]);
  const server: PostgresServer = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pgCtl('start', '-w', '-l', path.join(dir, 'log'), '-o', options);
    },
    async stop() {
      await pgCtl('stop', '-m', 'fast', '-w');
    },
    async destroy() {
      await pgCtl('stop', '-m', 'immediate', '-w').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
