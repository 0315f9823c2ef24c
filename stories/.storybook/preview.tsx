import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { withCourse } from '../src/withCourse';

const preview: Preview = {
  decorators: [withCourse],
  loaders: [mswLoader()],
  parameters: { layout: 'padded' },
};
export default preview;
