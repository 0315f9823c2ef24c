import { startApi } from '../faults/apiProcess';
import { type ApiProcess, freePort } from '../src/test/apiProcess';
import { type ScratchDatabase, scratchDatabase } from '../src/test/scratchDatabase';
import { type Nginx, startNginx, type Upstream } from './nginx';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Three API instances (A, B, C) on one scratch PostgreSQL database, behind nginx. */
export interface ThreeInstances {
  database: ScratchDatabase;
  nginx: Nginx;
  /** The running instances by index; a stopped or killed one stays until `start(i)` replaces it. */
  instances: Array<ApiProcess | undefined>;
  /** Starts instance i on its fixed port; started means ready (/api/health/ready), as nginx sees it. */
  start(i: number): Promise<void>;
  /** nginx's upstreams, with instance `down` marked down (a rolling restart's drain). */
  upstreams(down?: number): Upstream[];
  /** 'A', 'B' or 'C' for an upstream address nginx reports. */
  name(upstream: string): string;
  close(): Promise<void>;
}

/**
 * Starts the cluster the cluster suites share: instance A first (it migrates, loads the course and
 * creates the admin), then B and C together, one process each (three instances on two cores), each
 * with a pool of 5 connections, then nginx in front.
 */
export async function startThreeInstances(
  databasePrefix: string,
  env: Record<string, string> = {},
): Promise<ThreeInstances> {
  const database = await scratchDatabase(adminUrl, databasePrefix);
  const ports: number[] = [];
  for (let i = 0; i < 3; i++) ports.push(await freePort());
  const instances: Array<ApiProcess | undefined> = [];
  const start = async (i: number) => {
    instances[i] = await startApi(
      { DATABASE_URL: database.url, WEB_CONCURRENCY: '1', DATABASE_POOL_MAX: '5', ...env },
      { port: ports[i], waitFor: '/api/health/ready' },
    );
  };
  const upstreams = (down?: number): Upstream[] => ports.map((port, i) => ({ port, down: i === down }));
  let nginx: Nginx | undefined;
  const close = async () => {
    await nginx?.stop();
    await Promise.all(instances.map((i) => i?.stop()));
    await database.drop();
  };
  try {
    await start(0);
    await Promise.all([start(1), start(2)]);
    nginx = await startNginx(await freePort(), upstreams());
  } catch (err) {
    await close();
    throw err;
  }
  return {
    database,
    nginx,
    instances,
    start,
    upstreams,
    name: (upstream) => {
      const i = ports.findIndex((p) => upstream.endsWith(`:${p}`));
      return i === -1 ? upstream : 'ABC'[i]!;
    },
    close,
  };
}
