import type { MemoryStore } from '@coursekit/mocks';
import { AdminConsole } from '@coursekit/react/admin-console';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { adminScenario, userIdOf } from './adminScenario';

/** System Settings' Revoke a Certificate panel: a code and a reason, confirmed in a dialog. */
const meta = {
  title: 'Admin/Revoke a Certificate',
  component: AdminConsole,
  args: { screen: 'console', tab: 'settings' },
} satisfies Meta<typeof AdminConsole>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** The certificate of the console's learner who finished the course (Samuel Okafor). */
const finishedCode = (store: MemoryStore) =>
  store.certificate(userIdOf(store, 'samuel.okafor@example.com'))!.code;

/** Fills the panel and confirms in the dialog, as an admin does. */
async function revoke(canvasElement: HTMLElement, code: string, reason: string) {
  const body = page(canvasElement);
  const panel = within(await body.findByRole('region', { name: 'Revoke a Certificate' }));
  await userEvent.type(panel.getByLabelText('Verification code'), code);
  await userEvent.type(panel.getByLabelText('Reason (verifiers see it)'), reason);
  await userEvent.click(panel.getByRole('button', { name: 'Revoke Certificate' }));
  const dialog = within(await body.findByRole('dialog', { name: 'Revoke this certificate?' }));
  await userEvent.click(dialog.getByRole('button', { name: 'Revoke' }));
  return panel;
}

/** Idle: the panel's two fields, empty, and its warning that revoking cannot be undone. */
export const RevokeIdle: Story = {
  parameters: adminScenario('admin-console'),
  play: async ({ canvasElement }) => {
    const panel = await page(canvasElement).findByRole('region', { name: 'Revoke a Certificate' });
    await expect(within(panel).getByLabelText('Verification code')).toHaveValue('');
  },
};

/** Submitting: the server has not answered yet, so the dialog's button says Revoking... */
export const RevokeSubmitting: Story = {
  parameters: adminScenario('admin-console', {
    handlers: [http.post('/api/admin/certificates/:code/revoke', () => delay('infinite'))],
  }),
  play: async ({ canvasElement, parameters }) => {
    await revoke(canvasElement, finishedCode(parameters.store as MemoryStore), 'Issued in error');
    await expect(await page(canvasElement).findByRole('button', { name: 'Revoking...' })).toBeDisabled();
  },
};

/** Revoked: the panel says which certificate was revoked, when, and why. */
export const RevokeRevoked: Story = {
  parameters: adminScenario('admin-console'),
  play: async ({ canvasElement, parameters }) => {
    const code = finishedCode(parameters.store as MemoryStore);
    const panel = await revoke(canvasElement, code, 'Issued in error');
    await expect(await panel.findByRole('status')).toHaveTextContent(`${code} was revoked on`);
  },
};

/** Error: no certificate has the code, and the panel says so with the server's message. */
export const RevokeError: Story = {
  parameters: adminScenario('admin-console'),
  play: async ({ canvasElement }) => {
    const panel = await revoke(canvasElement, 'CK-0000-0000-0000', 'Issued in error');
    await expect(await panel.findByRole('alert')).toHaveTextContent('Could not revoke CK-0000-0000-0000');
  },
};
