import { type IncomingMessage, request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateSettings } from '../settings/service';
import { DRIVERS, signUp, startServer, type TestServer } from '../test/harness';
import { CHROME_ACCEPT_ENCODING, rawGet } from '../test/rawGet';

// JSON answers are compressed (brotli for Chrome, whose header does not list
// it first); the Server-Sent-Events streams pass through the same layer uncompressed, each event
// sent as it happens.

describe.each(DRIVERS)('compression of the API’s answers (%s)', (driver) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(driver);
    token = (await signUp(server)).token;
  });
  afterAll(() => server?.close());

  it('sends a module’s lessons to Chrome as brotli, the same JSON in a fraction of the bytes', async () => {
    const url = `${server.api}/modules/1/lessons`;
    const plain = await rawGet(url, { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' });
    const chrome = await rawGet(url, {
      authorization: `Bearer ${token}`,
      'accept-encoding': CHROME_ACCEPT_ENCODING,
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(chrome.headers['content-encoding']).toBe('br');
    expect(chrome.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(brotliDecompressSync(chrome.body).toString())).toEqual(
      JSON.parse(plain.body.toString()),
    );
    expect(chrome.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('leaves a small answer as it is', async () => {
    const health = await rawGet(`${server.api}/health`, { 'accept-encoding': CHROME_ACCEPT_ENCODING });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toMatchObject({ status: 'ok' });
  });

  it('streams settings events uncompressed, each one as it happens, to a browser accepting brotli', async () => {
    const response = new Promise<IncomingMessage>((resolve, reject) => {
      request(
        `${server.api}/settings/stream`,
        { headers: { 'accept-encoding': CHROME_ACCEPT_ENCODING } },
        resolve,
      )
        .on('error', reject)
        .end();
    });
    const res = await response;
    try {
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.headers['content-encoding']).toBeUndefined();
      // One reader for the whole stream: a listener removed between two waits would leave the
      // stream flowing with nobody reading, and an event arriving then would be lost to the test.
      let text = '';
      const waiting = new Set<() => void>();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        for (const check of waiting) check();
      });
      const until = (needle: string) =>
        new Promise<void>((resolve, reject) => {
          const check = () => {
            if (!text.includes(needle)) return;
            waiting.delete(check);
            resolve();
          };
          waiting.add(check);
          res.once('end', () => reject(new Error(`stream ended before ${needle}`)));
          check();
        });
      // The first event arrives while the stream stays open: nothing holds it back.
      await until('event: settings');
      await updateSettings(server.app.ctx, { system_message: 'Compression-proof message' });
      await until('Compression-proof message');
      expect(text).toMatch(/event: settings\ndata: \{.*"system_message":"Compression-proof message"/);
    } finally {
      res.destroy();
      await updateSettings(server.app.ctx, { system_message: null });
    }
  }, 30_000);
});
