import cluster from 'node:cluster';
import pino from 'pino';
import { configFromEnv, workerPlan } from './config';
import { startBanner } from './serve/banner';
import { answerPrimary, metricsFromPrimary } from './serve/clusterMetrics';
import { runInstance } from './serve/instance';
import { serveMetrics } from './serve/metricsServer';
import { runPrimary } from './serve/primary';

// `npm start`: reads the environment and runs the API as one process, or as a cluster of one worker
// per core (WEB_CONCURRENCY overrides) whose primary migrates and loads the course once. SIGTERM or
// SIGINT stops every worker gracefully (SHUTDOWN_GRACE_MS).
const config = configFromEnv();
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const plan = workerPlan(process.env, config);
const metricsPort = Number(process.env.METRICS_PORT) || undefined;
const metricsHost = process.env.METRICS_HOST || '127.0.0.1';

if (cluster.isWorker) {
  const { registry } = await runInstance({
    config,
    logger: logger.child({ worker: cluster.worker?.id }),
    role: 'worker',
    readMetrics: metricsFromPrimary(),
    onListening: () => {},
  });
  answerPrimary(registry);
  // The primary is gone (killed): it was handing out the connections, so stop rather than linger.
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
} else if (plan.workers > 1) {
  await runPrimary({
    config,
    logger,
    workers: plan.workers,
    serveMetrics: async (read) =>
      metricsPort ? (await serveMetrics(metricsPort, metricsHost, config.metricsToken, read)).url : undefined,
  });
} else {
  let registry: Awaited<ReturnType<typeof runInstance>>['registry'] | undefined;
  const metricsAt = metricsPort
    ? (
        await serveMetrics(metricsPort, metricsHost, config.metricsToken, async () => ({
          contentType: registry!.contentType,
          text: await registry!.metrics(),
        }))
      ).url
    : undefined;
  ({ registry } = await runInstance({
    config,
    logger,
    role: 'single',
    onListening: ({ seeded, mail }) => {
      process.stdout.write(
        startBanner({
          config,
          mail,
          courses: seeded!.courses,
          admin: seeded!.admin,
          workers: 1,
          singleWorkerReason: plan.reason,
          metrics: metricsAt,
        }),
      );
    },
  }));
}
