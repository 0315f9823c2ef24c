import { createServer, type Server } from 'node:http';
import { type MetricsText, sameSecret } from '../http/metrics';

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
