import { timingSafeEqual } from 'node:crypto';
import { type RequestHandler, Router } from 'express';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { JOB_STALE_MS } from '../admin/jobs';
import type { AppContext } from '../context';
import { fail, notFound } from './errors';
import { openStreams } from './streamHub';

/** What GET /metrics answers: Prometheus text and its content type. */
export interface MetricsText {
  contentType: string;
  text: string;
}

export interface Metrics {
  /** This instance's registry (a cluster worker hands it to prom-client's AggregatorRegistry). */
  registry: Registry;
  /** One answered request; `ms` undefined for an event stream (its length is not a latency). */
  observe(method: string, route: string, status: number, ms: number | undefined): void;
}

// Rows every instance shares (the outbox, the admin's jobs): read once per scrape, and reported by
// one worker rather than summed over all of them when a cluster aggregates (aggregator 'first').
const SHARED_SQL = `select
  (select count(*)::int from mail_outbox where status = 'pending' and attempts = 0) as pending,
  (select count(*)::int from mail_outbox where status = 'pending' and attempts > 0) as retrying,
  (select count(*)::int from mail_outbox where status = 'failed') as failed,
  (select count(*)::int from admin_jobs where state = 'running' and updated_at > $1::timestamptz) as jobs`;

/**
 * The instance's metrics (prom-client): requests and their durations by method, route pattern and
 * status; database connections in use and waiting; event streams open; the mail outbox (pending,
 * retrying after a failed delivery, failed for good) and the admin's running jobs.
 */
export function createMetrics(ctx: AppContext): Metrics {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'coursekit_http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'coursekit_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by method, route pattern and status (event streams left out)',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = (
    name: string,
    help: string,
    pick: (p: ReturnType<AppContext['database']['pool']>) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(pick(ctx.database.pool()));
      },
    });
  pool('coursekit_db_pool_size', 'Database connections this instance may open', (p) => p.size);
  pool(
    'coursekit_db_pool_in_use',
    'Database connections running a statement or holding a transaction',
    (p) => p.inUse,
  );
  pool('coursekit_db_pool_waiting', 'Statements waiting for a database connection', (p) => p.waiting);
  new Gauge({
    name: 'coursekit_sse_connections',
    help: 'Server-sent event streams open (settings, admin diagnostics)',
    registers: [registry],
    collect() {
      this.set(openStreams(ctx));
    },
  });

  let shared: { at: number; read: Promise<Record<string, number>> } | undefined;
  const readShared = () => {
    const now = Date.now();
    if (!shared || now - shared.at > 1_000) {
      const since = new Date(ctx.clock.now() - JOB_STALE_MS).toISOString();
      shared = {
        at: now,
        read: ctx.database.query<Record<string, number>>(SHARED_SQL, [since]).then(([row]) => row!),
      };
      shared.read.catch(() => {
        shared = undefined;
      });
    }
    return shared.read;
  };
  new Gauge({
    name: 'coursekit_mail_outbox_messages',
    help: 'Mail in the outbox: pending (not yet tried), retrying (a delivery failed), failed (given up)',
    labelNames: ['status'],
    aggregator: 'first',
    registers: [registry],
    async collect() {
      const row = await readShared().catch(() => undefined);
      if (!row) return;
      for (const status of ['pending', 'retrying', 'failed'] as const) this.set({ status }, row[status]!);
    },
  });
  new Gauge({
    name: 'coursekit_admin_jobs_running',
    help: 'Admin image jobs running, all instances together',
    aggregator: 'first',
    registers: [registry],
    async collect() {
      const row = await readShared().catch(() => undefined);
      if (row) this.set(row.jobs!);
    },
  });

  return {
    registry,
    observe(method, route, status, ms) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      if (ms !== undefined) duration.observe(labels, ms / 1000);
    },
  };
}

/** Compares a given token with the configured one in constant time. */
export const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics on the public port: only when METRICS_TOKEN is set, and only with
 * `Authorization: Bearer <METRICS_TOKEN>`. Without a token the metrics stay off the public port
 * (METRICS_PORT serves them on an address of their own) and this answers 404 like any unknown path.
 */
export function metricsEndpoint(token: string | undefined, read: () => Promise<MetricsText>): RequestHandler {
  const router = Router();
  router.get('/metrics', async (req, res) => {
    if (!token) throw notFound('No such endpoint');
    const given = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!given || !sameSecret(given, token)) {
      res.set('WWW-Authenticate', 'Bearer realm="metrics"');
      throw fail('unauthorized', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>');
    }
    const { contentType, text } = await read();
    res.type(contentType).set('Cache-Control', 'no-store').send(text);
  });
  return router;
}
