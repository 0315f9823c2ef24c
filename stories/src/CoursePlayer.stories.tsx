import { courseFixture } from '@coursekit/mocks';
import { CoursePlayer } from '@coursekit/react/course-player';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { scenario } from './withCourse';

const meta = {
  title: 'Widgets/CoursePlayer',
  component: CoursePlayer,
} satisfies Meta<typeof CoursePlayer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The whole course in one embed: the player routes between its own screens. */
export const WholeCourseEmbed: Story = { parameters: scenario('mid-course', {}) };

/** /course for a learner who has not started: Getting Started. */
export const DashboardNewLearner: Story = {
  args: { screen: 'dashboard' },
  parameters: scenario('new-learner'),
};
/** /course in progress: Continue Learning and the pre-assessment card. */
export const DashboardInProgress: Story = {
  args: { screen: 'dashboard' },
  parameters: scenario('mid-course'),
};
/** Every lesson done, no course quiz passed: 'Take the final quiz!'. */
export const DashboardFinalQuizDue: Story = {
  args: { screen: 'dashboard' },
  parameters: scenario('course-finished-no-quiz-passed'),
};
/** Course complete: the certificate. */
export const DashboardComplete: Story = {
  args: { screen: 'dashboard' },
  parameters: scenario('course-complete'),
};
/**
 * The certificate's downloads: the PDF, the signed credential (.json) and the badge with the
 * credential baked in, each a button (the credential and badge come from their public URLs).
 */
export const CertificateDownloads: Story = {
  args: { screen: 'dashboard' },
  parameters: scenario('course-complete'),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement);
    await expect(await body.findByRole('button', { name: 'Download credential (.json)' })).toBeEnabled();
    await expect(body.getByRole('button', { name: 'Download badge' })).toBeEnabled();
  },
};
/** Loading: skeletons while a slow network answers. */
export const DashboardLoading: Story = {
  args: { screen: 'dashboard' },
  parameters: scenario('slow-network'),
};
/** The server fails: 'Something went wrong' with Try Again. */
export const DashboardError: Story = {
  args: { screen: 'dashboard' },
  parameters: scenario('server-failing'),
};

/** /modules. */
export const Modules: Story = { args: { screen: 'modules' }, parameters: scenario('mid-course') };

/** /module/2 mid-way: opens on the first incomplete lesson. */
export const ModuleLesson: Story = {
  args: { screen: 'module', moduleId: 2 },
  parameters: scenario('mid-course'),
};
/** /module/2 just completed: the last lesson, 'Completed'. */
export const ModuleCompleted: Story = {
  args: { screen: 'module', moduleId: 2 },
  parameters: scenario('module-just-completed'),
};
/** /module/1 on a failing server: 'Failed to load module data' with Retry. */
export const ModuleError: Story = {
  args: { screen: 'module', moduleId: 1 },
  parameters: scenario('server-failing'),
};
/** A module without lessons: 'No lessons found for this module' with Retry. */
export const ModuleEmpty: Story = {
  args: { screen: 'module', moduleId: 3 },
  parameters: scenario('new-learner', undefined, {
    ...courseFixture,
    modules: courseFixture.modules.map((m) => (m.id === 3 ? { ...m, lessons: [] } : m)),
  }),
};
/** /module/1 loading. */
export const ModuleLoading: Story = {
  args: { screen: 'module', moduleId: 1 },
  parameters: scenario('slow-network'),
};

/** Maintenance on: 'Under Maintenance' and the system message. */
export const Maintenance: Story = { parameters: scenario('maintenance', {}) };

/** A partner's brand: colours, font and radius through the theme (or CSS variables on .coursekit). */
export const ThemeOverride: Story = {
  args: { screen: 'dashboard' },
  parameters: scenario('mid-course', {
    hostRoutes: true,
    theme: {
      color: { brand: '#0b6e4f', focus: '#c2410c', text: '#102a23' },
      font: { body: 'Georgia, "Times New Roman", serif' },
      radius: { base: '2px' },
    },
  }),
};
