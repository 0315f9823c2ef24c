import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineProject } from 'vitest/config';
import { sourceResolution } from '../vitest.shared';

export default defineProject({
  plugins: [vanillaExtractPlugin()],
  ...sourceResolution,
  test: {
    name: 'stories',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
  },
});
