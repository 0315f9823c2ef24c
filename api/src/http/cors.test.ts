import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsOriginsFrom } from '../config';
import { startServer, type TestServer } from '../test/harness';

const PARTNER = 'https://intranet.partner.test'; // the harness's CORS_ORIGINS

describe('cross-origin calls (CORS_ORIGINS)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets a configured partner page preflight and call the API with a bearer token', async () => {
    const preflight = await fetch(`${server.api}/progress`, {
      method: 'OPTIONS',
      headers: {
        origin: PARTNER,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const settings = await fetch(`${server.api}/settings`, { headers: { origin: PARTNER } });
    expect(settings.status).toBe(200);
    expect(settings.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(settings.headers.get('vary')).toMatch(/Origin/i);
  });

  it('refuses another origin’s preflight with a message, and never grants it', async () => {
    const preflight = await fetch(`${server.api}/progress`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight.json()).error.message).toMatch(
      /may not call this API; add it to its organisation's embed origins/,
    );
    const read = await fetch(`${server.api}/settings`, { headers: { origin: 'https://evil.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('leaves same-origin requests alone', async () => {
    const read = await fetch(`${server.api}/settings`);
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS_ORIGINS', () => {
  it('takes comma-separated origins and refuses anything else, saying why', () => {
    expect(corsOriginsFrom(undefined)).toEqual([]);
    expect(corsOriginsFrom(' https://a.example , http://127.0.0.1:8080/ ')).toEqual([
      'https://a.example',
      'http://127.0.0.1:8080',
    ]);
    expect(() => corsOriginsFrom('intranet.example')).toThrow(
      'CORS_ORIGINS: "intranet.example" is not an origin',
    );
    expect(() => corsOriginsFrom('https://a.example/path')).toThrow(/give scheme, host and port only/);
  });
});
