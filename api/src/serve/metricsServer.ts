import { createServer, type Server } from 'node:http';
import { type MetricsText, sameSecret } from '../http/metrics';
import { METRICS_ANSWER, METRICS_ASK } from './primary';

/**
 * METRICS_PORT: GET /metrics on an address of its own (METRICS_HOST, 127.0.0.1 by default), off the
 * public port, for a Prometheus that scrapes the machine. METRICS_TOKEN, when set, is asked for here
 * too. Resolves once listening, to the URL for the banner.
 */
export async function serveMetrics(
  port: number,
  host: string,
  token: string | undefined,
  read: () => Promise<MetricsText>,
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (token && (!given || !sameSecret(given, token))) {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer realm="metrics"' }).end();
      return;
    }
    read().then(
      ({ contentType, text }) => res.writeHead(200, { 'Content-Type': contentType }).end(text),
      (err: Error) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(err.message),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.unref();
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`, server };
}

/** In a cluster worker: the metrics of every worker, asked of the primary over the IPC channel. */
export function metricsFromPrimary(): () => Promise<MetricsText> {
  let next = 0;
  const pending = new Map<number, { resolve(m: MetricsText): void; reject(e: Error): void }>();
  process.on('message', (message: { type?: string; id?: number; error?: string } & Partial<MetricsText>) => {
    if (message?.type !== METRICS_ANSWER || message.id === undefined) return;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (!waiting) return;
    if (message.error) waiting.reject(new Error(message.error));
    else waiting.resolve({ contentType: message.contentType!, text: message.text! });
  });
  return () =>
    new Promise<MetricsText>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('the primary did not answer with the metrics'));
      }, 6_000);
      pending.set(id, {
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      process.send?.({ type: METRICS_ASK, id });
    });
}
