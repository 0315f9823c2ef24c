import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared';

export default defineProject({
  // the player renders the widgets, whose styles are vanilla-extract files
  plugins: [vanillaExtractPlugin()],
  ...sourceResolution,
  test: {
    name: 'lms',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // the real course, loaded once into an embedded database and provided to every file
    globalSetup: ['./src/test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
