import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { seed } from '../content/seed';
import { directoryStorage } from '../content/storage';
import type { MetricsText } from '../http/metrics';
import { startBanner } from './banner';
import { clusterMetrics } from './clusterMetrics';
import { describeMail, GRACE_MS, openConfiguredDatabase } from './instance';

export interface PrimaryOptions {
  config: Config;
  logger: Logger;
  workers: number;
  /** Serves the aggregated metrics on METRICS_PORT, if set; resolves to where, for the banner. */
  serveMetrics(read: () => Promise<MetricsText>): Promise<string | undefined>;
}

/**
 * The cluster's primary: migrates and loads the course once, forks one API worker per core (they
 * share PORT; the primary hands out connections), replaces a worker that dies, aggregates the
 * workers' metrics (prom-client's AggregatorRegistry: counters and histograms summed, shared gauges
 * taken from one worker), and on SIGTERM/SIGINT passes the signal on and exits once every worker
 * has stopped gracefully.
 */
export async function runPrimary(options: PrimaryOptions): Promise<void> {
  const { config, logger } = options;
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const storage = directoryStorage(path.join(config.dataDir, 'storage'));
  const seeded = await seed({ db: database.db, storage, logger, config });
  await database.close(); // the workers hold the connections

  const metrics = clusterMetrics();
  const metricsAt = await options.serveMetrics(metrics.read);
  // Workers that listen: asked for metrics, and expected to stop cleanly (one still starting has no
  // SIGTERM handler yet and simply ends).
  const listeningWorkers = new WeakSet<Worker>();

  let stopping = false;
  let listening = 0;
  let bannerShown = false;
  const recentDeaths: number[] = [];
  const fork = () => {
    const worker = cluster.fork();
    worker.on('listening', () => {
      listeningWorkers.add(worker);
      metrics.add(worker);
      listening += 1;
      if (!bannerShown && listening >= options.workers) {
        bannerShown = true;
        process.stdout.write(
          startBanner({
            config,
            mail: describeMail(config, logger),
            courses: seeded.courses,
            admin: seeded.admin,
            workers: options.workers,
            metrics: metricsAt,
          }),
        );
      }
    });
    return worker;
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, 'an API worker died; starting another');
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length && now - recentDeaths[0]! > 60_000) recentDeaths.shift();
    // A worker that cannot start (a bad variable, the database gone) would die in a loop: stop instead.
    if (recentDeaths.length > options.workers * 5) {
      logger.error('API workers keep dying; stopping');
      process.exit(1);
    }
    fork();
  });
  for (let i = 0; i < options.workers; i++) fork();

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping the API workers');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    const exits = workers.map(
      (w) => new Promise<number | null>((resolve) => w.once('exit', (code) => resolve(code))),
    );
    // A Ctrl-C in a terminal reaches the workers too; a SIGTERM from a supervisor reaches only us.
    for (const w of workers) if (!w.isDead()) w.process.kill(signal);
    const force = setTimeout(() => {
      logger.error('workers still running after the grace period; exiting');
      process.exit(1);
    }, GRACE_MS + 2_000);
    force.unref();
    void Promise.all(exits).then((codes) => {
      logger.info({ codes }, 'stopped');
      process.exit(codes.every((c) => c === 0) ? 0 : 1);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
