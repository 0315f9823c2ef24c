import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startServer, type TestServer } from '../test/harness';
import { createTally } from '../test/tally';

const tally = createTally();
afterAll(() => tally.print('response headers'));

/** A Content-Security-Policy header as directive → sources. */
function directives(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

// helmet's other headers, on every answer (HTML, API, files).
const HELMET = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
  'x-download-options': 'noopen',
  'origin-agent-cluster': '?1',
  'x-xss-protection': '0',
};

describe.each(DRIVERS)('security headers (%s)', (driver) => {
  let server: TestServer;
  const hostDist = mkdtempSync(path.join(os.tmpdir(), 'coursekit-host-'));
  beforeAll(async () => {
    writeFileSync(
      path.join(hostDist, 'index.html'),
      '<!doctype html><title>site</title><div id="root"></div>',
    );
    server = await startServer(driver, { config: { hostDist } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(hostDist, { recursive: true, force: true });
  });

  it('sends the site a Content-Security-Policy that runs scripts from its own origin only', async () => {
    for (const page of ['/', '/course', '/lesson/1/2', '/reset-password']) {
      const res = await fetch(`${server.url}${page}`);
      expect(res.headers.get('content-type')).toContain('text/html');
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['script-src-attr']).toEqual(["'none'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(csp['img-src']).toEqual(["'self'", 'data:']);
      expect(csp['frame-ancestors']).toEqual(["'self'"]);
      const scripts = [...(csp['script-src'] ?? []), ...(csp['default-src'] ?? [])];
      for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", 'data:', '*', 'http:', 'https:']) {
        expect(
          tally.attack('inline or foreign script allowed by the site CSP', !scripts.includes(unsafe)),
        ).toBe(true);
      }
    }
  });

  it('sends API answers a policy that loads and frames nothing', async () => {
    for (const api of ['/api/health', '/api/settings', '/api/nope', '/api/docs']) {
      const res = await fetch(`${server.url}${api}`);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp['default-src'], api).toEqual(["'none'"]);
      expect(csp['frame-ancestors'], api).toEqual(["'none'"]);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('sends helmet’s other headers on pages, API answers and files, and no X-Powered-By', async () => {
    for (const url of ['/', '/api/health', '/storage/image-assets/module-1-intro.svg']) {
      const res = await fetch(`${server.url}${url}`);
      for (const [name, value] of Object.entries(HELMET)) {
        expect(tally.attack('missing helmet header', res.headers.get(name) === value), `${url} ${name}`).toBe(
          true,
        );
      }
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
    // Uploaded and course images could be SVG with script: they get a sandbox of their own.
    const image = await fetch(`${server.url}/storage/image-assets/module-1-intro.svg`);
    const csp = directives(image.headers.get('content-security-policy'));
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp.sandbox).toEqual([]);
  });
});
