import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type PluginOption } from 'vite';
import { keepBuilds } from './keepBuilds.ts';
import { precompress } from './precompress.ts';

const api = 'http://127.0.0.1:3000';

// The API serves `dist` on the same port as `/api`; in dev, Vite proxies `/api` and `/storage` to it.
export default defineConfig({
  // The plugins are typed against the root's newer vite (vitest's); at runtime they support vite 7.
  // precompress: .br and .gz copies of the output, served by the API to browsers that accept them.
  // keepBuilds: the previous builds' hashed assets stay (a page opened before a deploy still loads
  // its lazy chunks); the assets of builds older than the last three are removed.
  plugins: [
    react(),
    vanillaExtractPlugin(),
    keepBuilds({ keep: 3 }),
    precompress(),
  ] as unknown as PluginOption[],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    // Not emptied: keepBuilds prunes what is older than the builds it keeps.
    emptyOutDir: false,
    sourcemap: true,
    // Evergreen browsers only: no down-levelling, no modulepreload polyfill (smaller landing JS).
    target: 'es2022',
    modulePreload: { polyfill: false },
    // terser packs the landing bundle ~3% tighter than esbuild (the 120 KB gzip budget).
    minify: 'terser',
    terserOptions: { module: true, compress: { passes: 2 } },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/storage': { target: api, changeOrigin: false },
    },
  },
});
