// Builds the embed bundles, renderer included: dist/coursekit-embed.js (ESM) and
// dist/coursekit-embed.iife.js (a classic script exposing window.CourseKit). The widgets' CSS is
// compiled by vanilla-extract once, then inlined as text so it can live inside each shadow root.
//
// The bundles render the widgets with preact/compat (playerBuild.mjs), so a partner page downloads
// ~101 KB instead of ~162 KB for the whole course. `node build.mjs --react` builds with React itself
// (the same files, for comparison or if a partner ever hits a compat gap); `npm run bench:size`
// prints both sizes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildPlayer, compileWidgetCss, playerBuildOptions } from './playerBuild.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const withReact = process.argv.includes('--react');
const dist = join(here, withReact ? 'dist-react' : 'dist');
mkdirSync(dist, { recursive: true });

const options = playerBuildOptions({ entry: join(here, 'src/standalone.ts'), withReact });

// 1. Compile the CSS. 2. The bundles, with that CSS inlined.
const css = await compileWidgetCss(options, dist);
for (const [format, file] of [
  ['esm', 'coursekit-embed.js'],
  ['iife', 'coursekit-embed.iife.js'],
]) {
  await buildPlayer(options, { format, outfile: join(dist, file), css });
}
writeFileSync(join(dist, 'coursekit-embed.css.txt'), css);
// Pre-compressed copies: the API serves them to browsers that accept them (api/src/http/precompressed.ts).
for (const file of ['coursekit-embed.js', 'coursekit-embed.iife.js']) {
  const code = readFileSync(join(dist, file));
  writeFileSync(join(dist, `${file}.gz`), gzipSync(code, { level: 9 }));
  writeFileSync(
    join(dist, `${file}.br`),
    brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
process.stdout.write(
  `embed: built ${dist}/coursekit-embed.js and .iife.js with ${withReact ? 'React' : 'preact/compat'} (${css.length} bytes of CSS inlined)\n`,
);
