import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { courseKeys } from '../queries/courseKeys';
import { renderWidget } from '../test/renderWidget';
import { AdminConsole } from './AdminConsole';

async function openSettings(scenario: 'admin-console' | 'admin-failing' = 'admin-console') {
  const view = renderWidget(<AdminConsole tab="settings" />, { scenario, onNavigate: vi.fn() });
  const maintenance = await screen.findByRole('switch', { name: 'Maintenance mode' });
  await waitFor(() => expect((maintenance as HTMLButtonElement).disabled).toBe(false));
  return { ...view, maintenance };
}

afterEach(() => vi.restoreAllMocks());

describe('System Settings tab (admin §2, §4)', { timeout: 30_000 }, () => {
  it('saves a trimmed system message with its type on Save Message', async () => {
    const { user, queryClient } = await openSettings();
    await user.type(screen.getByLabelText('System message'), '  Upgrade tonight  ');
    await user.selectOptions(screen.getByLabelText('Message type'), 'warning');
    await user.click(screen.getByRole('button', { name: 'Save Message' }));
    expect(await screen.findByText('System message saved')).toBeTruthy();
    expect(queryClient.getQueryData(courseKeys.settings())).toMatchObject({
      system_message: 'Upgrade tonight',
      system_message_type: 'warning',
    });
  });

  it('a blank message clears it', async () => {
    const { user, adapter } = await openSettings();
    const update = vi.spyOn(adapter.admin!.settings, 'update');
    await user.type(screen.getByLabelText('System message'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save Message' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({ system_message: null, system_message_type: 'info' }),
    );
  });

  it('switches maintenance on, and off again, which clears the message and resets its type', async () => {
    const { user, maintenance } = await openSettings();
    await user.type(screen.getByLabelText('System message'), 'Back soon');
    await user.selectOptions(screen.getByLabelText('Message type'), 'error');
    await user.click(screen.getByRole('button', { name: 'Save Message' }));
    await screen.findByText('System message saved');
    await user.click(maintenance);
    await waitFor(() => expect(maintenance.getAttribute('aria-checked')).toBe('true'));
    await waitFor(() => expect((maintenance as HTMLButtonElement).disabled).toBe(false));
    await user.click(maintenance);
    await waitFor(() => expect(maintenance.getAttribute('aria-checked')).toBe('false'));
    await waitFor(() =>
      expect((screen.getByLabelText('System message') as HTMLTextAreaElement).value).toBe(''),
    );
    expect((screen.getByLabelText('Message type') as HTMLSelectElement).value).toBe('info');
  });

  it('keeps what the admin typed when the maintenance switch brings a live update, and saves it', async () => {
    const { user, maintenance, adapter } = await openSettings();
    const update = vi.spyOn(adapter.admin!.settings, 'update');
    const field = screen.getByLabelText('System message') as HTMLTextAreaElement;
    await user.type(field, 'Back at 18:00');
    await user.click(maintenance);
    await waitFor(() => expect(maintenance.getAttribute('aria-checked')).toBe('true'));
    await waitFor(() => expect((maintenance as HTMLButtonElement).disabled).toBe(false));
    expect(field.value).toBe('Back at 18:00');
    expect(screen.queryByText(/changed meanwhile/)).toBeNull(); // the stored message did not change
    await user.click(screen.getByRole('button', { name: 'Save Message' }));
    await screen.findByText('System message saved');
    expect(update).toHaveBeenLastCalledWith({ system_message: 'Back at 18:00', system_message_type: 'info' });
  });

  it('says beside the field when the stored message changed meanwhile, and takes it on request', async () => {
    const { user, store } = await openSettings();
    const field = screen.getByLabelText('System message') as HTMLTextAreaElement;
    const type = screen.getByLabelText('Message type') as HTMLSelectElement;
    await user.type(field, 'Mine');
    // another admin saves a message: the live settings bring it here
    act(() => void store.setSettings({ system_message: 'Theirs', system_message_type: 'warning' }));
    const notice = await screen.findByText(/The stored message changed meanwhile to “Theirs”/);
    expect(field.value).toBe('Mine');
    expect(field.getAttribute('aria-describedby')).toBe(notice.id);
    expect(type.value).toBe('warning'); // not edited here, so it follows the live value
    await user.click(screen.getByRole('button', { name: 'Use the stored message' }));
    expect(field.value).toBe('Theirs');
    expect(screen.queryByText(/changed meanwhile/)).toBeNull();
  });

  it('keeps a chosen type over a live one and says so; saving sends what the admin chose', async () => {
    const { user, store, adapter } = await openSettings();
    const update = vi.spyOn(adapter.admin!.settings, 'update');
    await user.selectOptions(screen.getByLabelText('Message type'), 'error');
    act(() => void store.setSettings({ system_message_type: 'success' }));
    expect(await screen.findByText('The stored type changed meanwhile to success.')).toBeTruthy();
    expect((screen.getByLabelText('Message type') as HTMLSelectElement).value).toBe('error');
    await user.click(screen.getByRole('button', { name: 'Save Message' }));
    await screen.findByText('System message saved');
    expect(update).toHaveBeenLastCalledWith({ system_message: null, system_message_type: 'error' });
    await waitFor(() => expect(screen.queryByText(/changed meanwhile/)).toBeNull());
  });

  it('says Error: Failed to update maintenance mode when the write fails, and the switch stays off', async () => {
    const { user, maintenance } = await openSettings('admin-failing');
    await user.click(maintenance);
    expect(await screen.findByText('Error: Failed to update maintenance mode')).toBeTruthy();
    await waitFor(() => expect(maintenance.getAttribute('aria-checked')).toBe('false'));
    await user.click(screen.getByRole('button', { name: 'Save Message' }));
    expect(await screen.findByText('Error: Failed to update system message')).toBeTruthy();
  });

  it("saves the platform's words, and refuses a blank site name and a bad year beside their fields", async () => {
    const { user, adapter, store } = await openSettings();
    const update = vi.spyOn(adapter.admin!.settings, 'update');
    const siteName = screen.getByLabelText('Site name') as HTMLInputElement;
    expect(siteName.value).toBe(store.settings().platform!.site_name);
    await user.clear(siteName);
    await user.clear(screen.getByLabelText('Copyright year'));
    await user.type(screen.getByLabelText('Copyright year'), '20x6');
    await user.click(screen.getByRole('button', { name: 'Save Platform Texts' }));
    expect(await screen.findByText('Enter the site name.')).toBeTruthy();
    expect(screen.getByText('Enter a year from 1970 to 9999.')).toBeTruthy();
    expect(siteName.getAttribute('aria-invalid')).toBe('true');
    expect(update).not.toHaveBeenCalled();

    await user.type(siteName, '  Meter Academy ');
    await user.clear(screen.getByLabelText('Copyright year'));
    await user.type(screen.getByLabelText('Copyright year'), '2026');
    await user.click(screen.getByRole('button', { name: 'Save Platform Texts' }));
    expect(await screen.findByText('Platform texts saved')).toBeTruthy();
    expect(store.settings().platform).toMatchObject({ site_name: 'Meter Academy', copyright_year: 2026 });
    expect(screen.queryByText('Enter the site name.')).toBeNull();
  });

  it('shows the settings as debug info, and the debug card runs its query', async () => {
    const { user } = await openSettings();
    expect(screen.getByText(/"maintenance_mode": false/)).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Debug' });
    await user.click(within(card).getByRole('button', { name: 'Run Debug Query' }));
    await waitFor(() => expect(card.querySelector('pre')?.textContent).toMatch(/\{/));
  });
});
