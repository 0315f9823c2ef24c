import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared';

export default defineProject({
  plugins: [
    // the widgets' styles are vanilla-extract files, compiled as in @coursekit/react's own tests
    vanillaExtractPlugin(),
    // build.mjs inlines the compiled CSS as `coursekit:styles`; unit tests render without it
    {
      name: 'coursekit-styles',
      resolveId: (id) => (id === 'coursekit:styles' ? '\0coursekit:styles' : null),
      load: (id) => (id === '\0coursekit:styles' ? 'export default "";' : null),
    },
  ],
  ...sourceResolution,
  test: { name: 'embed', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 15_000 },
});
