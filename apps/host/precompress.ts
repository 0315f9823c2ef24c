import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// Writes `name.br` and `name.gz` beside every compressible file of the build (hashed assets,
// index.html, the public files), once, at the best ratio; the API sends them to browsers that
// accept them (api/src/http/staticSite.ts), so no request pays for compression.

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

export async function precompressDirectory(dir: string): Promise<number> {
  const all = await filesUnder(dir);
  const compressed = new Set(all.filter((file) => file.endsWith('.br')));
  // A hashed asset kept from an earlier build (keepBuilds.ts) already has its copies: its name
  // changes with its content.
  const kept = (file: string) =>
    path.relative(dir, file).startsWith(`assets${path.sep}`) && compressed.has(`${file}.br`);
  const files = all.filter((file) => COMPRESSIBLE.test(file) && !kept(file));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      if (data.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        toBrotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        toGzip(data, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      written += 1;
    }),
  );
  return written;
}

/** The Vite plugin: pre-compresses the output directory when the build has written it. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'coursekit:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
