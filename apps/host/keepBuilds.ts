import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

// The build output is versioned, not emptied: a page opened on the previous build still finds its
// lazy chunks after a deploy (a learner who opens the quiz an hour later, an instance of a rolling
// restart still serving the old index.html). Each build's hashed files are listed in
// `dist/.builds.json`; the files of the last `keep` builds stay, older ones are removed.

export const BUILDS_FILE = '.builds.json';

interface BuildRecord {
  /** When the build was written (ISO 8601). */
  at: string;
  /** Its files under assets/, relative to the output directory. */
  files: string[];
}

/** A hashed file's pre-compressed copies and source map belong to it. */
const companions = (file: string) => [file, `${file}.br`, `${file}.gz`, `${file}.map`];

/**
 * Records a build's asset files and removes the assets of builds older than the last `keep`
 * (this one included). Answers the files removed. Files under assets/ that no record names (a
 * build from before the records) count as one older build and go once they are out of range.
 */
export async function recordBuild(
  outDir: string,
  files: readonly string[],
  keep: number,
  at = new Date(),
): Promise<string[]> {
  const recordsFile = path.join(outDir, BUILDS_FILE);
  let records: BuildRecord[] = [];
  try {
    records = JSON.parse(await readFile(recordsFile, 'utf8')) as BuildRecord[];
  } catch {
    // no record yet: whatever is in assets/ is the build before this one
    const assets = path.join(outDir, 'assets');
    const before = existsSync(assets) ? await readdir(assets) : [];
    const current = new Set(files);
    const old = before.map((f) => `assets/${f}`).filter((f) => !current.has(f) && !/\.(br|gz|map)$/.test(f));
    if (old.length > 0) records = [{ at: new Date(0).toISOString(), files: old }];
  }
  const assets = files.filter((f) => f.startsWith('assets/'));
  records.push({ at: at.toISOString(), files: assets });
  const kept = records.slice(-Math.max(1, keep));
  const keptFiles = new Set(kept.flatMap((r) => r.files));
  const removed: string[] = [];
  for (const record of records.slice(0, records.length - kept.length)) {
    for (const file of record.files) {
      if (keptFiles.has(file)) continue;
      for (const each of companions(file)) {
        const full = path.join(outDir, each);
        if (!existsSync(full)) continue;
        await rm(full, { force: true });
        removed.push(each);
      }
    }
  }
  await writeFile(recordsFile, `${JSON.stringify(kept, null, 1)}\n`);
  return removed;
}

/** The Vite plugin: with `build.emptyOutDir: false`, keeps the last `keep` builds' assets. */
export function keepBuilds({ keep = 3 }: { keep?: number } = {}): Plugin {
  let outDir = '';
  return {
    name: 'coursekit:keep-builds',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      await recordBuild(outDir, Object.keys(bundle), Number(process.env.KEEP_BUILDS ?? keep));
    },
  };
}
