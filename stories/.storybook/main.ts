import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.tsx'],
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig) {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), vanillaExtractPlugin()];
    // the workspaces resolve to their TypeScript sources, as in tests
    viteConfig.resolve = {
      ...viteConfig.resolve,
      conditions: ['source', 'browser', 'module', 'import', 'default'],
    };
    return viteConfig;
  },
};
export default config;
