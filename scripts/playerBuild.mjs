// Build tooling of the repo, not a published module. How the widgets become a bundle for pages
// without a build step: esbuild, the widgets' CSS compiled by vanilla-extract, React's API served
// by preact/compat. Shared by the embed's build.mjs and the LMS packages' player (packages/lms's
// build.mjs), so both ship the same renderer the same way.
//
// The widgets are written against React's API; preact/compat implements it in ~10 KB gzip where
// react-dom takes ~62 KB. `withReact` builds with React itself (for comparison, or a compat gap).
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { build } from 'esbuild';

/** esbuild's options for a player bundle of `entry`: minified, production, preact/compat unless `withReact`. */
export function playerBuildOptions({ entry, withReact = false }) {
  return {
    entryPoints: [entry],
    bundle: true,
    minify: true,
    target: 'es2020',
    conditions: ['source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    legalComments: 'none',
    logLevel: 'warning',
    alias: withReact
      ? {}
      : {
          react: 'preact/compat',
          'react-dom': 'preact/compat',
          'react-dom/client': 'preact/compat/client',
          'react/jsx-runtime': 'preact/jsx-runtime',
        },
  };
}

/** Resolves `coursekit:styles` to the given CSS text (the embed inlines it into its shadow roots). */
export const stylesModule = (css) => ({
  name: 'coursekit-styles',
  setup(b) {
    b.onResolve({ filter: /^coursekit:styles$/ }, () => ({ path: 'styles', namespace: 'coursekit' }));
    b.onLoad({ filter: /.*/, namespace: 'coursekit' }, () => ({ contents: css, loader: 'text' }));
  },
});

/** The widgets' CSS as the bundle of `options` uses it (the JS of this pass is thrown away). */
export async function compileWidgetCss(options, outdir) {
  const pass = await build({
    ...options,
    format: 'esm',
    write: false,
    outdir,
    plugins: [vanillaExtractPlugin({ identifiers: 'short' }), stylesModule('')],
  });
  const css = pass.outputFiles
    .filter((f) => f.path.endsWith('.css'))
    .map((f) => f.text)
    .join('\n');
  if (!css.includes('.coursekit')) throw new Error('player build: the widgets’ CSS was not found');
  return css;
}

/** Writes the bundle: the widgets' CSS left out (outputCss false), `coursekit:styles` resolved to `css`. */
export async function buildPlayer(options, { format, outfile, css = '', define = {} }) {
  await build({
    ...options,
    define: { ...options.define, ...define },
    format,
    outfile,
    metafile: false,
    plugins: [vanillaExtractPlugin({ identifiers: 'short', outputCss: false }), stylesModule(css)],
  });
}
