// Builds the embed bundles, renderer included: dist/coursekit-embed.js (ESM) and
// dist/coursekit-embed.iife.js (a classic script exposing window.CourseKit), and the package's
// module entry dist/index.js (React and the widgets left to the page's bundler). The widgets' CSS is
// compiled by vanilla-extract once, then inlined as text so it can live inside each shadow root.
//
// The widgets are written against React's API; the bundles render them with preact/compat
// (playerBuild.mjs), which implements that API in ~10 KB gzip where react-dom takes ~62 KB, so a
// partner page downloads ~96 KB instead of ~157 KB for the whole course. `node build.mjs --react` builds with React itself
// (the same files, for comparison or if a partner ever hits a compat gap); `npm run bench:size`
// prints both sizes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import {
  buildPlayer,
  compileWidgetCss,
  playerBuildOptions,
  stylesModule,
} from '../../scripts/playerBuild.mjs';

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
// 3. The package's module entry (`import { mountCoursePlayer } from '@coursekit/embed'`), for pages
// built with a bundler: the widgets and React stay dependencies that the page's bundler resolves
// once (no second React); only the CSS is inlined. Its types are written by tsup (tsup.config.ts).
if (!withReact) {
  await build({
    entryPoints: [join(here, 'src/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    sourcemap: true,
    logLevel: 'warning',
    outfile: join(dist, 'index.js'),
    external: ['@coursekit/*', 'react', 'react/*', 'react-dom', 'react-dom/*'],
    plugins: [stylesModule(css)],
  });
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
