import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateImageUrls } from './imageValidation';

describe('image-URL validation against a local server (admin §9)', () => {
  let server: Server;
  let base: string;
  const hits = new Map<string, number>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = req.url ?? '';
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const reply = (status: number) => {
        res.writeHead(status, { 'content-type': 'image/svg+xml' });
        res.end();
      };
      if (path === '/good.svg') reply(200);
      else if (path === '/slow.svg') setTimeout(() => reply(200), 2_000);
      else if (path === '/flaky.svg') reply(hits.get(path)! < 2 ? 503 : 200);
      else if (path === '/broken.svg') reply(500);
      else if (path === '/hang.svg') setTimeout(() => reply(200), 10_000).unref();
      else reply(404);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sorts good, missing, slow, flaky, failing and hanging images, in batches, with retries', async () => {
    const pauses: number[] = [];
    const steps: number[] = [];
    const result = await validateImageUrls(
      ['/good.svg', '/missing.svg', '/slow.svg', '/flaky.svg', '/broken.svg', '/hang.svg', '/good.svg'],
      {
        baseUrl: base,
        batchSize: 5,
        pauseMs: 7,
        retryDelaysMs: [1, 2],
        // Wide margins: on a busy machine an instant answer was seen to take over 600 ms.
        timeoutMs: 3000,
        slowMs: 1200,
        sleep: (ms) => {
          pauses.push(ms);
          return new Promise((resolve) => setTimeout(resolve, ms));
        },
        onProgress: (p) => steps.push(p),
      },
    );
    expect(result).toMatchObject({ total: 6, valid: 3, invalid: 3 });
    expect(result.errors.map((e) => [e.url, e.status])).toEqual([
      ['/missing.svg', 404],
      ['/broken.svg', 500],
      ['/hang.svg', null],
    ]);
    expect(result.errors[2]?.error).toBe('Timed out after 3000 ms');
    expect(result.slow?.map((s) => s.url)).toEqual(['/slow.svg']);
    expect(hits.get('/missing.svg')).toBe(1); // a 404 is not retried
    expect(hits.get('/flaky.svg')).toBe(2); // one retry was enough
    expect(hits.get('/broken.svg')).toBe(3); // two retries, then given up
    expect(pauses.filter((ms) => ms === 7)).toHaveLength(1); // one pause between the two batches
    expect(steps[0]).toBe(20);
    expect(steps.at(-1)).toBe(100);
    expect(result.summary.recommendations).toHaveLength(3);
  }, 30_000); // real requests: a 3 s time-out, retries and a pause

  it('says so when every image is reachable', async () => {
    const result = await validateImageUrls(['/good.svg'], { baseUrl: base });
    expect(result.summary.recommendations).toEqual(['All images are reachable.']);
  });
});
