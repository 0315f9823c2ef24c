import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test/harness';
import { preferredEncoding } from './precompressed';

// Partners load the embed bundle from /embed: browsers that accept brotli or gzip get the copies the
// embed's build compressed once, the rest get the plain file; all of them the same script.

const SCRIPT = `window.CourseKit = { mountCoursePlayer() {} };${' '.repeat(4000)}`;
let dir: string;
let server: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-embed-dist-'));
  writeFileSync(path.join(dir, 'coursekit-embed.iife.js'), SCRIPT);
  writeFileSync(path.join(dir, 'coursekit-embed.iife.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dir, 'coursekit-embed.iife.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'other.js'), 'plain();');
  server = await startServer('pglite', { config: { embedDist: dir } });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(file: string, acceptEncoding: string) {
  // fetch decompresses by itself; the raw bytes and headers are what the browser receives.
  const response = await fetch(`${server.url}/embed/${file}`, {
    headers: { 'accept-encoding': acceptEncoding },
  });
  return { response, text: await response.text() };
}

describe('the embed bundle on /embed', () => {
  it.each([
    ['br, gzip', 'br'],
    // Chrome's header: brotli is accepted, though not first (it used to get gzip).
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
  ])('is sent pre-compressed to a browser accepting %s', async (accepts, encoding) => {
    const { response, text } = await get('coursekit-embed.iife.js', accepts);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(text).toBe(SCRIPT);
  });

  it('is sent as is to a client that accepts no compression, and files without copies too', async () => {
    const plain = await get('coursekit-embed.iife.js', 'identity');
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe(SCRIPT);
    const other = await get('other.js', 'br, gzip');
    expect(other.response.headers.get('content-encoding')).toBeNull();
    expect(other.text).toBe('plain();');
  });

  it('never serves a file outside the bundle directory', async () => {
    const response = await fetch(`${server.url}/embed/..%2Fpackage.json`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(404);
  });
});

describe('choosing an encoding by what the browser accepts', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['*', 'br'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip, *;q=0', 'gzip'],
    ['deflate, zstd', undefined],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
