// npm run bench:size (second part) — what CoursePlayer costs a partner, measured the way a partner
// meets it: the packages are packed as `npm publish` would, installed from those tarballs into a
// throwaway Vite + React 18 app in a temp dir (the npm registry supplies everything else), and the
// app is built for production. "First load" is what the built index.html makes the browser fetch
// before the first render: its entry script and every chunk that imports statically (Vite lists them
// as modulepreload), plus its stylesheets. The same app rendering only React is the baseline; the
// difference is CoursePlayer's cost, adapter, HTTP client and schemas included. Budget: 50 KB gzip.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('../../..', import.meta.url).pathname;
const BUDGET_KB = 50;
// The Vite major of the host app (apps/host), and its React plugin; React 18, the oldest we support.
const hostVite = JSON.parse(readFileSync(join(root, 'apps/host/package.json'), 'utf8')).devDependencies;
const APP_DEPENDENCIES = { react: '^18.3.1', 'react-dom': '^18.3.1' };
const APP_DEV_DEPENDENCIES = {
  vite: hostVite.vite,
  '@vitejs/plugin-react': hostVite['@vitejs/plugin-react'],
};

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const print = (text) => process.stdout.write(`${text}\n`);
const run = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: 'utf8', stdio: 'pipe' });

const apps = {
  baseline: `import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(<p>Our intranet</p>);
`,
  course: `import { createHttpAdapter } from '@coursekit/core/http';
import { CoursePlayer, CourseProvider } from '@coursekit/react/course-player';
import '@coursekit/react/styles.css';
import { createRoot } from 'react-dom/client';

const adapter = createHttpAdapter({ baseUrl: 'https://courses.example.com/api' });
createRoot(document.getElementById('root')).render(
  <CourseProvider adapter={adapter}>
    <CoursePlayer />
  </CourseProvider>,
);
`,
};

/** The files the built index.html loads first, with their gzip sizes. */
function firstLoad(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const sizes = { js: 0, css: 0, jsFiles: 0 };
  for (const file of new Set(files)) {
    const gzip = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    if (file.endsWith('.js')) {
      sizes.js += gzip;
      sizes.jsFiles += 1;
    } else sizes.css += gzip;
  }
  return sizes;
}

const work = mkdtempSync(join(tmpdir(), 'coursekit-partner-'));
try {
  const packs = join(work, 'packs');
  mkdirSync(packs);
  const tarball = (dir) =>
    join(
      packs,
      JSON.parse(run('npm', ['pack', '--json', '--pack-destination', packs], join(root, dir)))[0].filename,
    );
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'partner-app',
      private: true,
      type: 'module',
      dependencies: {
        ...APP_DEPENDENCIES,
        '@coursekit/core': `file:${tarball('packages/core')}`,
        '@coursekit/react': `file:${tarball('packages/react')}`,
      },
      devDependencies: APP_DEV_DEPENDENCIES,
    }),
  );
  writeFileSync(
    join(app, 'vite.config.js'),
    "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()] };\n",
  );
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], app);
  const versions = JSON.parse(run('npm', ['ls', '--json', 'react', 'vite'], app)).dependencies;

  const results = {};
  for (const [name, main] of Object.entries(apps)) {
    const dir = join(app, name);
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Intranet</title></head>' +
        '<body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>\n',
    );
    writeFileSync(join(dir, 'main.jsx'), main);
    const vite = join(app, 'node_modules/vite/bin/vite.js');
    run(
      process.execPath,
      [vite, 'build', dir, '--config', join(app, 'vite.config.js'), '--logLevel', 'error'],
      app,
    );
    results[name] = firstLoad(join(dir, 'dist'));
  }

  const cost = results.course.js - results.baseline.js;
  const ok = cost <= BUDGET_KB * 1024;
  print(
    `\npartner app (Vite ${versions.vite.version} + React ${versions.react.version}, installed from the packed tarballs), first load, gzip`,
  );
  for (const [name, r] of Object.entries(results)) {
    print(
      `  ${name.padEnd(9)} JS ${kb(r.js).padStart(9)} in ${r.jsFiles} file(s)   CSS ${kb(r.css).padStart(8)}`,
    );
  }
  print(
    `CoursePlayer's first-load JS in the partner app: ${kb(cost)} gzip (+ ${kb(results.course.css - results.baseline.css)} CSS); budget ${BUDGET_KB} KB: ${ok ? 'met' : 'OVER'}`,
  );
  if (!ok && process.argv.includes('--strict')) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
