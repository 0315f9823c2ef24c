import { CourseError } from '@coursekit/core';
import { createMemoryAdapter, createMemoryStore } from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { AdminConsole } from './AdminConsole';

/** The console on the admin scenario, with an admin adapter that can revoke (`revoke` as given). */
function openSettings(revoke: (code: string, reason: string) => Promise<unknown>) {
  const adapter = createMemoryAdapter(createMemoryStore('admin-console'));
  const spy = vi.fn(revoke);
  adapter.admin!.certificates = {
    revoke: spy as never,
  };
  const view = renderWidget(<AdminConsole tab="settings" />, { adapter, onNavigate: vi.fn() });
  return { ...view, revoke: spy };
}

describe('System Settings: revoking a certificate', { timeout: 30_000 }, () => {
  it('asks for the code and a reason, confirms, revokes, and says so', async () => {
    const { user, revoke } = openSettings(async (code, reason) => ({
      code,
      reason,
      revoked_at: '2026-11-29T10:00:00.000Z',
    }));
    const panel = await screen.findByRole('region', { name: 'Revoke a Certificate' });
    await user.click(within(panel).getByRole('button', { name: 'Revoke Certificate' }));
    expect(within(panel).getByRole('alert').textContent).toBe('Enter the certificate’s verification code.');
    await user.type(within(panel).getByLabelText('Verification code'), ' CK-ABCD-1234 ');
    await user.click(within(panel).getByRole('button', { name: 'Revoke Certificate' }));
    expect(within(panel).getByRole('alert').textContent).toBe('Say why the certificate is revoked.');
    await user.type(within(panel).getByLabelText('Reason (verifiers see it)'), 'Issued in error');
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Revoke this certificate?' });
    expect(dialog.textContent).toContain('CK-ABCD-1234');
    expect(revoke).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('CK-ABCD-1234', 'Issued in error'));
    expect((await within(panel).findByRole('status')).textContent).toBe(
      'CK-ABCD-1234 was revoked on 29 November 2026: Issued in error',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('revokes nothing when the dialog is cancelled, and shows the server’s refusal', async () => {
    const { user, revoke } = openSettings(async () => {
      throw new CourseError('not_found', 'Certificate not found');
    });
    const panel = await screen.findByRole('region', { name: 'Revoke a Certificate' });
    await user.type(within(panel).getByLabelText('Verification code'), 'CK-NOPE');
    await user.type(within(panel).getByLabelText('Reason (verifiers see it)'), 'Typo');
    await user.click(within(panel).getByRole('button', { name: 'Revoke Certificate' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(revoke).not.toHaveBeenCalled();

    await user.click(within(panel).getByRole('button', { name: 'Revoke Certificate' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Could not revoke CK-NOPE: Certificate not found',
    );
  });
});
