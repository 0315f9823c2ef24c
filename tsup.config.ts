import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { defineConfig, type Options } from 'tsup';

// Builds the publishable packages to ESM + .d.ts. A package's dependencies and peers stay external
// (React is a peer and is never bundled); each package's `exports` map points at these files.
function externalsOf(dir: string): RegExp[] {
  const manifest = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'));
  const names = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
  return names.map((name) => new RegExp(`^${name.replace(/[/.]/g, '\\$&')}(/.*)?$`));
}

/**
 * How the declarations are compiled: against the workspaces' sources (the `source` condition), with
 * `baseUrl` at the package itself. tsup sets `baseUrl: '.'` otherwise, and then TypeScript names a
 * type of another workspace by a repo path (`import("packages/core/src")`) in an inferred type instead
 * of by its package name, which the declaration bundler cannot resolve.
 */
const declarationOptions = (dir: string) => ({ customConditions: ['source'], baseUrl: dir });

const pkg = (dir: string, entry: Record<string, string>, extra: Partial<Options> = {}): Options => ({
  entry: Object.fromEntries(Object.entries(entry).map(([name, file]) => [name, `${dir}/${file}`])),
  outDir: `${dir}/dist`,
  format: ['esm'],
  dts: { compilerOptions: declarationOptions(dir) },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
  tsconfig: `${dir}/tsconfig.json`,
  external: externalsOf(dir),
  ...extra,
});

// @coursekit/react: one entry per widget (a page importing ProgressPanel loads no quiz code) and
// one stylesheet, dist/styles.css, built from the `styles` entry that imports every *.css.ts. esbuild
// also writes a CSS file beside each widget entry; those duplicate styles.css and are removed.
const reactPackage = pkg(
  'packages/react',
  {
    index: 'src/index.ts',
    http: 'src/http.ts',
    'course-catalog': 'src/course-catalog/index.ts',
    'course-studio': 'src/course-studio/index.ts',
    'course-player': 'src/course-player/index.ts',
    'quiz-runner': 'src/quiz-runner/index.ts',
    'progress-panel': 'src/progress-panel/index.ts',
    'admin-console': 'src/admin/index.ts',
    organisation: 'src/organisation/index.ts',
    styles: 'src/styles.ts',
  },
  {
    dts: {
      entry: {
        index: 'packages/react/src/index.ts',
        http: 'packages/react/src/http.ts',
        'course-catalog': 'packages/react/src/course-catalog/index.ts',
        'course-studio': 'packages/react/src/course-studio/index.ts',
        'course-player': 'packages/react/src/course-player/index.ts',
        'quiz-runner': 'packages/react/src/quiz-runner/index.ts',
        'progress-panel': 'packages/react/src/progress-panel/index.ts',
        'admin-console': 'packages/react/src/admin/index.ts',
        organisation: 'packages/react/src/organisation/index.ts',
      },
      compilerOptions: declarationOptions('packages/react'),
    },
    esbuildPlugins: [vanillaExtractPlugin({ identifiers: 'short' })],
    splitting: true,
    async onSuccess() {
      const dist = 'packages/react/dist';
      for (const file of readdirSync(dist)) {
        const stylesEntryJs = /^styles\.(js|d\.ts)(\.map)?$/.test(file);
        const extraCss = /\.css(\.map)?$/.test(file) && !file.startsWith('styles.css');
        if (stylesEntryJs || extraCss) rmSync(`${dist}/${file}`);
      }
    },
  },
);

// @coursekit/core: every source module is an entry of its own, so the output keeps module boundaries
// and a bundler (core is `sideEffects: false`) drops the modules a page does not use — importing
// `messages` must not bring zod's schemas along. The public entries are index, http/index,
// http/admin/index (the admin part, which learner pages never load), content/lessonHtml (marked: the
// API's loader and the studio's preview, never a learner page) and testing/index; the package's
// exports map exposes only those.
function sourceModules(dir: string, sub = ''): Record<string, string> {
  const modules: Record<string, string> = {};
  for (const entry of readdirSync(`${dir}/src/${sub}`, { withFileTypes: true })) {
    const file = `${sub}${entry.name}`;
    if (entry.isDirectory()) Object.assign(modules, sourceModules(dir, `${file}/`));
    else if (/\.tsx?$/.test(file) && !/\.test(-d)?\.tsx?$|\.d\.ts$/.test(file)) {
      modules[file.replace(/\.tsx?$/, '')] = `src/${file}`;
    }
  }
  return modules;
}

export default defineConfig([
  pkg('packages/core', sourceModules('packages/core'), {
    dts: {
      entry: {
        index: 'packages/core/src/index.ts',
        'http/index': 'packages/core/src/http/index.ts',
        'http/admin/index': 'packages/core/src/http/admin/index.ts',
        'content/lessonHtml': 'packages/core/src/content/lessonHtml.ts',
        'testing/index': 'packages/core/src/testing/index.ts',
      },
      compilerOptions: declarationOptions('packages/core'),
    },
    splitting: true,
  }),
  reactPackage,
  pkg('packages/mocks', { index: 'src/index.ts' }),
  // @coursekit/embed: its JavaScript is built by packages/embed/build.mjs, which inlines the widgets'
  // compiled CSS as text; tsup writes only its type declarations (and must not clean those bundles).
  pkg(
    'packages/embed',
    { index: 'src/index.ts', standalone: 'src/standalone.ts' },
    { dts: { only: true, compilerOptions: declarationOptions('packages/embed') }, clean: false },
  ),
  // @coursekit/lms: the runtime adapters and the course state (the package player is built apart,
  // by packages/lms/build.mjs, into the same dist/).
  pkg('packages/lms', { index: 'src/index.ts' }, { clean: false }),
]);
