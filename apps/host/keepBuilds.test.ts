import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILDS_FILE, recordBuild } from './keepBuilds';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes a build's files into `dist` as Vite would (emptyOutDir off), then records it. */
async function build(dist: string, names: string[], keep: number, at: number) {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  for (const name of names) {
    writeFileSync(path.join(dist, name), name);
    writeFileSync(path.join(dist, `${name}.br`), name);
  }
  writeFileSync(path.join(dist, 'index.html'), names.join('\n'));
  return recordBuild(dist, [...names, 'index.html'], keep, new Date(at));
}

describe('the site’s build output across deploys', () => {
  it('keeps the previous builds’ hashed chunks servable and removes those older than the last ones kept', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'keep-builds-'));
    dirs.push(dist);
    await build(dist, ['assets/index-aaaaaaaa.js', 'assets/Quiz-11111111.js'], 2, 1);
    // Build B changes the quiz chunk: A's copy stays for pages opened on A.
    await build(dist, ['assets/index-bbbbbbbb.js', 'assets/Quiz-22222222.js'], 2, 2);
    expect(existsSync(path.join(dist, 'assets/Quiz-11111111.js'))).toBe(true);
    expect(existsSync(path.join(dist, 'assets/Quiz-22222222.js'))).toBe(true);
    // Build C keeps the quiz chunk of B; A's files (and their compressed copies) go.
    const removed = await build(dist, ['assets/index-cccccccc.js', 'assets/Quiz-22222222.js'], 2, 3);
    expect(removed.sort()).toEqual([
      'assets/Quiz-11111111.js',
      'assets/Quiz-11111111.js.br',
      'assets/index-aaaaaaaa.js',
      'assets/index-aaaaaaaa.js.br',
    ]);
    expect(existsSync(path.join(dist, 'assets/index-bbbbbbbb.js'))).toBe(true);
    expect(existsSync(path.join(dist, 'assets/Quiz-22222222.js.br'))).toBe(true);
    const records = JSON.parse(readFileSync(path.join(dist, BUILDS_FILE), 'utf8'));
    expect(records.map((r: { at: string }) => r.at)).toEqual([
      new Date(2).toISOString(),
      new Date(3).toISOString(),
    ]);
  });

  it('counts the assets of a build made before any record as the previous build', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'keep-builds-'));
    dirs.push(dist);
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'assets/Old-99999999.js'), 'old');
    await build(dist, ['assets/index-bbbbbbbb.js'], 2, 2);
    expect(existsSync(path.join(dist, 'assets/Old-99999999.js'))).toBe(true);
    await build(dist, ['assets/index-cccccccc.js'], 2, 3);
    expect(existsSync(path.join(dist, 'assets/Old-99999999.js'))).toBe(false);
  });
});
