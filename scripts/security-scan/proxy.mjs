// The counting proxy between the scanners and the API, on 127.0.0.1.
import http from 'node:http';
import { LOOPBACK } from './api.mjs';

/**
 * Starts the proxy both tools talk to the API through: it counts every request and answer status
 * per phase (`state.phase`, set by the caller), notes each 5xx with the request that caused it, swaps
 * the placeholder bearer tokens (`Bearer scan-learner`, `Bearer scan-admin`) for the sessions'
 * current access tokens, and refuses anything addressed elsewhere than itself.
 */
export function startProxy({ apiPort, sessions }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const phases = new Map();
  const state = { phase: 'setup', requests: 0, fivexx: [], refused: [], upstreamErrors: [] };
  const tally = (phase, status) => {
    let entry = phases.get(phase);
    if (!entry) {
      entry = { requests: 0, statuses: {} };
      phases.set(phase, entry);
    }
    entry.requests += 1;
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
  };
  const server = http.createServer((req, res) => {
    let target = req.url ?? '/';
    if (!target.startsWith('/')) {
      // absolute-form: the tools use this proxy as their HTTP proxy too; only this address passes
      let url;
      try {
        url = new URL(target);
      } catch {
        url = undefined;
      }
      if (!url || url.host !== `${LOOPBACK}:${server.address().port}`) {
        state.refused.push(`[${state.phase}] ${req.method} ${target}`);
        res.writeHead(403).end('refused: the scan stays on 127.0.0.1');
        return;
      }
      target = `${url.pathname}${url.search}`;
    }
    // A scanner stopped at its time bound drops its connections mid-request: nothing to report.
    req.on('error', () => {});
    res.on('error', () => {});
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const phase = state.phase;
      state.requests += 1;
      const requestId = `scan-${state.requests}`;
      const headers = { ...req.headers, host: `${LOOPBACK}:${apiPort}`, 'x-request-id': requestId };
      for (const hop of ['connection', 'proxy-connection', 'keep-alive', 'proxy-authorization']) {
        delete headers[hop];
      }
      const placeholder = /^Bearer (scan-learner|scan-admin)$/.exec(headers.authorization ?? '');
      if (placeholder) headers.authorization = `Bearer ${sessions[placeholder[1]].access}`;
      const upstream = http.request(
        { host: LOOPBACK, port: apiPort, method: req.method, path: target, headers, agent },
        (answer) => {
          const status = answer.statusCode ?? 0;
          tally(phase, status);
          if (status >= 500) {
            state.fivexx.push({
              phase,
              requestId,
              status,
              request: `${req.method} ${target}`,
              body: body.toString('utf8').slice(0, 600),
              userAgent: req.headers['user-agent'],
              referer: req.headers.referer,
            });
          }
          const out = { ...answer.headers };
          delete out.connection;
          delete out['keep-alive'];
          res.writeHead(status, out);
          answer.pipe(res);
        },
      );
      upstream.on('error', (err) => {
        tally(phase, 'no answer');
        state.upstreamErrors.push({
          phase,
          requestId,
          request: `${req.method} ${target}`,
          error: err.message,
        });
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    });
  });
  server.on('connect', (req, socket) => {
    state.refused.push(`[${state.phase}] CONNECT ${req.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  return new Promise((resolve) => {
    server.listen(0, LOOPBACK, () => {
      resolve({ server, phases, state, url: `http://${LOOPBACK}:${server.address().port}` });
    });
  });
}
