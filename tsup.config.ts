import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

// Builds the publishable packages to ESM + .d.ts. A package's dependencies and peers stay external
// (React is a peer and is never bundled); each package's `exports` map points at these files.
function externalsOf(dir: string): RegExp[] {
  const manifest = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'));
  const names = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
  return names.map((name) => new RegExp(`^${name.replace(/[/.]/g, '\\$&')}(/.*)?$`));
}

const pkg = (dir: string, entry: Record<string, string>, extra: Partial<Options> = {}): Options => ({
  entry: Object.fromEntries(Object.entries(entry).map(([name, file]) => [name, `${dir}/${file}`])),
  outDir: `${dir}/dist`,
  format: ['esm'],
  dts: { compilerOptions: { customConditions: ['source'] } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
  tsconfig: `${dir}/tsconfig.json`,
  external: externalsOf(dir),
  ...extra,
});

export default defineConfig([
  pkg('packages/core', {
    index: 'src/index.ts',
    'http/index': 'src/http/index.ts',
    'testing/index': 'src/testing/index.ts',
  }),
]);
