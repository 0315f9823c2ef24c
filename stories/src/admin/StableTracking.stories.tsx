import { AdminConsole } from '@coursekit/react/admin-console';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { adminScenario, consoleWith } from './adminScenario';

/** The Stable Lesson Tracking Admin: Overview, Modules, Progress and Maintenance. */
const meta = {
  title: 'Admin/Stable Tracking',
  component: AdminConsole,
  args: { screen: 'console', tab: 'tracking' },
} satisfies Meta<typeof AdminConsole>;
export default meta;
type Story = StoryObj<typeof meta>;

const openTab =
  (name: string): NonNullable<Story['play']> =>
  async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('tab', { name }));
  };

/** Overview: records by tracking method, orphans, the average lesson version. */
export const Overview: Story = { parameters: adminScenario('admin-console') };
/** Modules: active lessons and records per module. */
export const Modules: Story = { parameters: adminScenario('admin-console'), play: openTab('Modules') };
/** Progress: a learner's legacy records, ready to migrate. */
export const Progress: Story = { parameters: adminScenario('admin-console'), play: openTab('Progress') };
/** Maintenance: Clean Up Orphaned Progress and the cleanup log. */
export const Maintenance: Story = {
  parameters: adminScenario('admin-console'),
  play: openTab('Maintenance'),
};
/** Nothing tracked yet. */
export const Empty: Story = { parameters: adminScenario('admin-empty') };
/** Still loading. */
export const TrackingLoading: Story = { parameters: adminScenario(consoleWith({ latencyMs: 1_000_000 })) };
/** The admin side failing. */
export const Failing: Story = { parameters: adminScenario('admin-failing') };
