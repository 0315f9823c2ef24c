import type { Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { MetricsText } from '../http/metrics';

// The metrics of a cluster, gathered by its primary over the workers' IPC channels: each worker that
// listens answers with its registry (`getMetricsAsJSON`), and prom-client's AggregatorRegistry
// combines them (counters and histograms summed; gauges marked `aggregator: 'first'` taken once).
// A worker still starting, or one that does not answer within a few seconds, is left out rather than
// holding the scrape up (prom-client's own clusterMetrics asks every forked worker and waits).

const ASK_WORKER = 'coursekit:worker-metrics';
const WORKER_ANSWER = 'coursekit:worker-metrics-answer';
const ASK_PRIMARY = 'coursekit:cluster-metrics';
const PRIMARY_ANSWER = 'coursekit:cluster-metrics-answer';

type WorkerMetrics = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

interface Channel {
  send(message: unknown): unknown;
  on(event: 'message', listener: (message: { type?: string; id?: number }) => void): unknown;
}

/** Request and answer over one IPC channel, answers matched by id; undefined after `timeoutMs`. */
function asker<T>(channel: Channel, answerType: string) {
  let next = 0;
  const pending = new Map<number, (answer: T) => void>();
  channel.on('message', (message) => {
    if (message?.type !== answerType || message.id === undefined) return;
    pending.get(message.id)?.(message as T);
    pending.delete(message.id);
  });
  return (message: { type: string }, timeoutMs: number) =>
    new Promise<T | undefined>((resolve) => {
      const id = next++;
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve(undefined);
      }, timeoutMs);
      pending.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      channel.send({ ...message, id });
    });
}

/** In the primary: gathers the listening workers' metrics into one text. */
export function clusterMetrics() {
  const workers = new Map<Worker, ReturnType<typeof asker<{ metrics: WorkerMetrics }>>>();
  const read = async (): Promise<MetricsText> => {
    const answers = await Promise.all(
      [...workers].filter(([w]) => w.isConnected()).map(([, ask]) => ask({ type: ASK_WORKER }, 3_000)),
    );
    const registry = AggregatorRegistry.aggregate(answers.flatMap((a) => (a ? [a.metrics] : [])));
    return { contentType: registry.contentType, text: await registry.metrics() };
  };
  return {
    read,
    /** A worker that listens now: asked from the next scrape on; it may also ask for everyone's. */
    add(worker: Worker) {
      workers.set(worker, asker(worker, WORKER_ANSWER));
      worker.on('message', (message: { type?: string; id?: number }) => {
        if (message?.type !== ASK_PRIMARY) return;
        read().then(
          (answer) =>
            worker.isConnected() && worker.send({ type: PRIMARY_ANSWER, id: message.id, ...answer }),
          (err: Error) =>
            worker.isConnected() && worker.send({ type: PRIMARY_ANSWER, id: message.id, error: err.message }),
        );
      });
      worker.once('exit', () => workers.delete(worker));
    },
  };
}

/** In a worker: answers the primary with this worker's registry. */
export function answerPrimary(registry: Registry): void {
  process.on('message', (message: { type?: string; id?: number }) => {
    if (message?.type !== ASK_WORKER) return;
    void registry
      .getMetricsAsJSON()
      .then((metrics) => process.send?.({ type: WORKER_ANSWER, id: message.id, metrics }));
  });
}

/** In a worker: every worker's metrics, asked of the primary (GET /metrics on the public port). */
export function metricsFromPrimary(): () => Promise<MetricsText> {
  const ask = asker<Partial<MetricsText> & { error?: string }>(process as unknown as Channel, PRIMARY_ANSWER);
  return async () => {
    const answer = await ask({ type: ASK_PRIMARY }, 6_000);
    if (!answer || answer.error)
      throw new Error(answer?.error ?? 'the primary did not answer with the metrics');
    return { contentType: answer.contentType!, text: answer.text! };
  };
}
