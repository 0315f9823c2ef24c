import type { MemoryStore } from '@coursekit/mocks';
import { AdminConsole } from '@coursekit/react/admin-console';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { adminScenario, consoleWith } from './adminScenario';

/** The console's System Settings tab: settings, the debug card and the Diagnostic Control Panel. */
const meta = {
  title: 'Admin/System Settings',
  component: AdminConsole,
  args: { screen: 'console', tab: 'settings' },
} satisfies Meta<typeof AdminConsole>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Maintenance off, no system message; every module's diagnostics disabled (details hidden). */
export const MaintenanceOff: Story = { parameters: adminScenario('admin-console') };

/** Maintenance on, with a warning message for learners. */
export const MaintenanceOn: Story = {
  parameters: adminScenario(
    consoleWith(
      {},
      {
        maintenance: true,
        systemMessage: { text: 'Scheduled maintenance until 18:00 UTC.', type: 'warning' },
      },
    ),
  ),
};

/**
 * The admin is typing a message when another admin saves a different one: what they typed stays,
 * and beside the field the panel says the stored message changed, with a button to take it.
 */
export const MessageChangedMeanwhile: Story = {
  parameters: adminScenario('admin-console'),
  play: async ({ canvasElement, parameters }) => {
    const body = page(canvasElement);
    await expect(await body.findByRole('switch', { name: 'Maintenance mode' })).toBeEnabled();
    const field = body.getByLabelText('System message');
    await userEvent.type(field, 'Back at 18:00');
    (parameters.store as MemoryStore).setSettings({
      system_message: 'Scheduled maintenance until 18:00 UTC.',
      system_message_type: 'warning',
    });
    await expect(await body.findByText(/The stored message changed meanwhile/)).toBeInTheDocument();
    await expect(field).toHaveValue('Back at 18:00');
  },
};

/** Switching maintenance fails: 'Error: Failed to update maintenance mode'. */
export const MaintenanceUpdateFailed: Story = {
  parameters: adminScenario(consoleWith({ failing: 'writes' })),
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('switch', { name: 'Maintenance mode' }));
    await expect(await body.findByText(/Failed to update maintenance mode/)).toBeInTheDocument();
  },
};

/** Diagnostics enabled for every module, module 2 at debug level with its detail switches on. */
export const DiagnosticsEnabled: Story = {
  parameters: adminScenario('admin-console', {
    setup: (admin, store) => {
      const actor = store.tables.accessTokens.get('demo-admin-token') ?? '';
      admin.settings.setAllDiagnostics(actor, true);
      admin.settings.updateDiagnostics(actor, 2, {
        diagnostic_level: 'debug',
        show_performance_metrics: true,
        show_progress_details: true,
      });
    },
  }),
};

/** The debug card after Run Debug Query. */
export const DebugQuery: Story = {
  parameters: adminScenario('admin-console'),
  play: async ({ canvasElement }) => {
    await userEvent.click(await page(canvasElement).findByRole('button', { name: 'Run Debug Query' }));
  },
};

/** The admin side failing: 'Failed to load system settings' and the diagnostics' load error. */
export const SettingsFailing: Story = { parameters: adminScenario('admin-failing') };

/** Still loading the settings and diagnostics. */
export const SettingsLoading: Story = { parameters: adminScenario(consoleWith({ latencyMs: 1_000_000 })) };
