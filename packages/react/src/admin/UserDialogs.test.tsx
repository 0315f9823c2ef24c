import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { AdminConsole } from './AdminConsole';

async function openUsers() {
  const view = renderWidget(<AdminConsole />, { scenario: 'admin-console', onNavigate: vi.fn() });
  const table = await screen.findByRole('table', { name: 'Users' });
  await within(table).findAllByRole('button', { name: /^Details/ });
  return { ...view, table };
}
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

afterEach(() => vi.restoreAllMocks());

describe('Create New User dialog (admin §5)', { timeout: 30_000 }, () => {
  it('starts with send invite on, role user ticked, admin and moderator off', async () => {
    const { user } = await openUsers();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New User' });
    const box = (name: string) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(box('Send invite email').checked).toBe(true);
    expect(box('user').checked).toBe(true);
    expect(box('admin').checked).toBe(false);
    expect(box('moderator').checked).toBe(false);
  });

  it('shows each validation message on submit and sends nothing', async () => {
    const { user, adapter } = await openUsers();
    const create = vi.spyOn(adapter.admin!.users, 'create');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New User' });
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(within(dialog).getByText('Email is required')).toBeTruthy();
    expect(within(dialog).getByText('Password is required')).toBeTruthy();
    expect(within(dialog).getByText('Display name is required')).toBeTruthy();
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

    await user.type(within(dialog).getByLabelText('Email'), 'not-an-address');
    await user.type(within(dialog).getByLabelText('Password'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    expect(within(dialog).getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates the user, closes, resets the form and lists the new user', async () => {
    const { user } = await openUsers();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create New User' });
    await user.type(within(dialog).getByLabelText('Email'), 'new.person@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'Facility-Data-42');
    await user.type(within(dialog).getByLabelText('Display Name'), '  Nova Person ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'moderator' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.type(screen.getByPlaceholderText('Search users by name or email...'), 'new.person');
    const row = await screen.findByRole('row', { name: /Nova Person/ });
    expect(within(row).getByRole('button', { name: /^moderator role/ })).toBeTruthy();
    expect(within(row).getByRole('button', { name: /^user role/ })).toBeTruthy();
    expect(within(row).getByText('Unverified')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create User' }));
    dialog = await screen.findByRole('dialog', { name: 'Create New User' });
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('says User Creation Failed with the server’s message', async () => {
    const { user, table } = await openUsers();
    const taken = within(bodyRows(table)[0]!).getByText(/@/).textContent!;
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New User' });
    await user.type(within(dialog).getByLabelText('Email'), taken);
    await user.type(within(dialog).getByLabelText('Password'), 'Facility-Data-42');
    await user.type(within(dialog).getByLabelText('Display Name'), 'Twin');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User Creation Failed')).toBeTruthy();
    expect(
      screen.getByText('An account with this email already exists. Try signing in instead.'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create New User' })).toBeTruthy();
  });
});

describe('Delete User Account dialog (admin §5)', { timeout: 30_000 }, () => {
  it('enables Delete only when all five boxes are ticked, then deletes the user', async () => {
    const { user, table } = await openUsers();
    const row = bodyRows(table)[0]!;
    const name = row.querySelector('strong')!.textContent!;
    await user.click(within(row).getByRole('button', { name: /^Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User Account' });
    const remove = within(dialog).getByRole('button', { name: 'Delete User' }) as HTMLButtonElement;
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes).toHaveLength(5);
    expect(within(dialog).getByText('Please confirm all deletion options above to proceed.')).toBeTruthy();
    for (const box of boxes.slice(0, 4)) await user.click(box);
    expect(remove.disabled).toBe(true);
    await user.click(boxes[4]!);
    expect(remove.disabled).toBe(false);
    expect(within(dialog).queryByText('Please confirm all deletion options above to proceed.')).toBeNull();
    await user.click(remove);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(bodyRows(table).map((r) => r.querySelector('strong')?.textContent)).not.toContain(name),
    );
  });

  it('says Deletion Failed when the server refuses, and keeps the dialog open', async () => {
    const { user, table, adapter } = await openUsers();
    vi.spyOn(adapter.admin!.users, 'delete').mockRejectedValue(
      new Error('Failed to delete auth user: locked'),
    );
    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: /^Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User Account' });
    for (const box of within(dialog).getAllByRole('checkbox')) await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText('Deletion Failed')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Delete User Account' })).toBeTruthy();
  });
});

describe('User Details dialog (admin §2)', { timeout: 30_000 }, () => {
  it('edits the profile: trimmed, a blank avatar stored as null, and Cancel leaves it as it was', async () => {
    const { user, table, adapter } = await openUsers();
    const update = vi.spyOn(adapter.admin!.users, 'update');
    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: /^Details/ }));
    let dialog = await screen.findByRole('dialog', { name: 'User Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const name = within(dialog).getByLabelText('Display Name');
    await user.clear(name);
    await user.type(name, '  Renamed Person  ');
    await user.clear(within(dialog).getByLabelText('Avatar URL'));
    await user.type(within(dialog).getByLabelText('Avatar URL'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    dialog = await screen.findByRole('dialog', { name: 'User Details' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeTruthy());
    expect(update).toHaveBeenCalledWith(expect.any(String), {
      display_name: 'Renamed Person',
      avatar_url: null,
    });
    expect(within(dialog).getAllByText('Renamed Person').length).toBeGreaterThan(0);
  });

  it('says Update Failed / Failed to update user profile when the save is refused', async () => {
    const { user, table, adapter } = await openUsers();
    vi.spyOn(adapter.admin!.users, 'update').mockRejectedValue(new Error('refused'));
    await user.click(within(bodyRows(table)[0]!).getByRole('button', { name: /^Details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getByText('Failed to update user profile')).toBeTruthy();
  });
});
