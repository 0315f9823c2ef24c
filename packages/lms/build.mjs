// Builds the player an LMS package carries, one bundle per standard (each holds only its runtime
// binding): dist/player-scorm12.js, player-scorm2004.js, player-cmi5.js (classic scripts), and
// dist/player.css (the widgets' CSS and the package page's own). The embed's build does the
// bundling (scripts/playerBuild.mjs, shared with the embed's build): the same preact/compat renderer, the same options.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildPlayer, compileWidgetCss, playerBuildOptions } from '../../scripts/playerBuild.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
mkdirSync(dist, { recursive: true });

const entry = (format) => join(here, 'src/player/entries', `${format}.ts`);
const css = await compileWidgetCss(playerBuildOptions({ entry: entry('scorm12') }), dist);
writeFileSync(
  join(dist, 'player.css'),
  `${css}\n${readFileSync(join(here, 'src/player/package.css'), 'utf8')}`,
);

const sizes = [];
for (const format of ['scorm12', 'scorm2004', 'cmi5']) {
  const outfile = join(dist, `player-${format}.js`);
  await buildPlayer(playerBuildOptions({ entry: entry(format) }), { format: 'iife', outfile });
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  sizes.push(`${format} ${kb(statSync(outfile).size)} (${kb(gzipSync(readFileSync(outfile)).length)} gzip)`);
}
process.stdout.write(`lms: built the package players in ${dist}: ${sizes.join(', ')}\n`);
