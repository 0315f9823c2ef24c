import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test/apiProcess';
import { startServer, type TestServer } from '../test/harness';
import { CHROME_ACCEPT_ENCODING, rawGet } from '../test/rawGet';
import { IMMUTABLE, isPageRoute, REVALIDATE } from './staticSite';

// The built site as the API serves it. A dist directory shaped like
// Vite's (hashed assets with their .br/.gz copies, index.html, the public files) stands in for
// apps/host/dist, with the site's real robots.txt.

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-AbC_12-x.js"></script></head></html>';
const SCRIPT = `console.log("landing");${' '.repeat(4000)}`;
const ROBOTS = path.join(REPO_ROOT, 'apps/host/public/robots.txt');
let dir: string;
let server: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-host-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'examples'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  const script = path.join(dir, 'assets/index-AbC_12-x.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'assets/logo-0123abcd.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, 'examples/intranet.html'), '<!doctype html><title>Intranet</title>');
  copyFileSync(ROBOTS, path.join(dir, 'robots.txt'));
  server = await startServer('pglite', { config: { hostDist: dir } });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (urlPath: string, acceptEncoding = CHROME_ACCEPT_ENCODING) =>
  rawGet(`${server.url}${urlPath}`, { 'accept-encoding': acceptEncoding });

describe('the site’s files', () => {
  it('sends a hashed asset pre-compressed with brotli to Chrome, cached for a year as immutable', async () => {
    const answer = await get('/assets/index-AbC_12-x.js');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('sends gzip to a client without brotli, the plain file to one without either, same caching', async () => {
    const gzip = await get('/assets/index-AbC_12-x.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-AbC_12-x.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    const small = await get('/assets/logo-0123abcd.svg');
    expect(small.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers page routes with index.html that browsers revalidate, and files outside /assets too', async () => {
    for (const page of ['/', '/module/1', '/lesson/1/2', '/admin/user-progress', '/certificates/ABCD-1234']) {
      const answer = await get(page, 'identity');
      expect(answer.status, page).toBe(200);
      expect(answer.headers['content-type'], page).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], page).toBe(REVALIDATE);
      expect(answer.body.toString(), page).toBe(INDEX);
    }
    const example = await get('/examples/intranet.html', 'identity');
    expect(example.headers['cache-control']).toBe(REVALIDATE);
  });

  it('serves a real robots.txt: public pages allowed, the API and the admin console not', async () => {
    const answer = await get('/robots.txt', 'identity');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const rules = answer.body.toString();
    expect(rules).toBe(readFileSync(ROBOTS, 'utf8'));
    expect(rules).toMatch(/^User-agent: \*$/m);
    expect(rules).toMatch(/^Disallow: \/api\/$/m);
    expect(rules).toMatch(/^Disallow: \/admin$/m);
    expect(rules).not.toMatch(/^Disallow: \/$/m);
  });

  it('answers 404 for an unknown file, under /assets, /storage or anywhere with an extension', async () => {
    for (const missing of [
      '/assets/index-Zzzzzzzz.js',
      '/assets/nope',
      '/assets',
      '/storage/nope',
      '/storage/image-assets/a/b',
      '/favicon.ico',
      '/sitemap.xml',
      '/module/1.png',
      '/embed/coursekit-embed.js',
      '/wp-login.php',
    ]) {
      const answer = await get(missing, 'identity');
      expect(answer.status, missing).toBe(404);
      expect(answer.body.toString(), missing).not.toContain('<html');
    }
  });

  it('tells page routes from file paths', () => {
    expect(isPageRoute('/module/1')).toBe(true);
    expect(isPageRoute('/')).toBe(true);
    expect(isPageRoute('/robots.txt')).toBe(false);
    expect(isPageRoute('/assets/anything')).toBe(false);
    expect(isPageRoute('/storage')).toBe(false);
    expect(isPageRoute('/api/nope')).toBe(false);
  });
});
