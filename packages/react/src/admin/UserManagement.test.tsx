import {
  type AdminUsersAdapter,
  type AdminUserView,
  type CourseAdapter,
  USERS_PAGE_SIZE,
} from '@coursekit/core';
import { createMemoryAdapter, createMemoryStore } from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { AdminConsole } from './AdminConsole';

async function openUsers(
  options: { scenario?: 'admin-console' | 'admin-large' | 'admin-empty'; adapter?: CourseAdapter } = {},
) {
  const onNavigate = vi.fn();
  const view = renderWidget(<AdminConsole />, {
    scenario: options.scenario ?? 'admin-console',
    onNavigate,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  const table = await screen.findByRole('table', { name: 'Users' });
  await within(table).findAllByRole('button', { name: /^Details/ });
  return { ...view, table, onNavigate };
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const firstName = (row: HTMLElement) =>
  within(row).getAllByRole('cell')[0]!.querySelector('strong')!.textContent!;
// A user without a name ('Unknown User') sorts as an empty name.
const lastWord = (name: string) =>
  name === 'Unknown User' ? '' : name.trim().toLowerCase().split(/\s+/).at(-1)!;

describe('User Management (admin §2)', { timeout: 30_000 }, () => {
  it('searches names and e-mails on the server as the admin types, with both empty states', async () => {
    const { user, table } = await openUsers();
    const search = screen.getByPlaceholderText('Search users by name or email...');
    const someone = firstName(bodyRows(table)[0]!);
    await user.type(search, someone.slice(0, 4).toUpperCase());
    await waitFor(() => {
      for (const row of bodyRows(table)) {
        expect(row.textContent!.toLowerCase()).toContain(someone.slice(0, 4).toLowerCase());
      }
    });
    await user.clear(search);
    await user.type(search, 'nobody-matches-this');
    expect(await within(table).findByText('No users found matching your search.')).toBeTruthy();
  });

  it('says No users found. when there is nobody to list', async () => {
    const store = createMemoryStore('admin-empty');
    const base = createMemoryAdapter(store);
    const empty = { items: [] as AdminUserView[], total: 0, page: 1, pageSize: USERS_PAGE_SIZE };
    const adapter = {
      ...base,
      admin: { ...base.admin!, users: { ...base.admin!.users, list: async () => empty } },
    };
    renderWidget(<AdminConsole />, { adapter, onNavigate: vi.fn() });
    expect(await screen.findByText('No users found.')).toBeTruthy();
  });

  it('sorts by the last word of the name, toggling ascending and descending', async () => {
    const { user, table } = await openUsers();
    const header = within(table).getByRole('columnheader', { name: /User Details/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('ascending'));
    await waitFor(() => {
      const words = bodyRows(table).map((r) => lastWord(firstName(r)));
      expect(words).toEqual([...words].sort());
    });
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('descending'));
    await waitFor(() => {
      const words = bodyRows(table).map((r) => lastWord(firstName(r)));
      expect(words).toEqual([...words].sort().reverse());
    });
  });

  it(`pages through 10,000 users ${USERS_PAGE_SIZE} at a time (core's page size)`, async () => {
    const { user, table } = await openUsers({ scenario: 'admin-large' });
    const size = USERS_PAGE_SIZE;
    expect(bodyRows(table)).toHaveLength(size);
    const total = Number(screen.getByText(new RegExp(`^1–${size} of \\d+$`)).textContent!.split(' of ')[1]);
    expect(total).toBeGreaterThanOrEqual(10_000);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(`${size + 1}–${2 * size} of ${total}`)).toBeTruthy();
  });

  it('assigns a missing role and removes one by its badge, with the spec’s toasts', async () => {
    const { user, table } = await openUsers();
    const row = bodyRows(table).find((r) => within(r).queryByRole('button', { name: /^Make Moderator/ }))!;
    const name = firstName(row);
    await user.click(within(row).getByRole('button', { name: /^Make Moderator/ }));
    expect(await screen.findByText('Role Assigned')).toBeTruthy();
    expect(screen.getByText('Successfully assigned moderator role to user')).toBeTruthy();
    const updated = () => bodyRows(table).find((r) => firstName(r) === name)!;
    await waitFor(() =>
      expect(within(updated()).queryByRole('button', { name: /^Make Moderator/ })).toBeNull(),
    );

    await user.click(within(updated()).getByRole('button', { name: /^moderator role: remove it/ }));
    expect(await screen.findByText('Role Removed')).toBeTruthy();
    expect(screen.getByText('Successfully removed moderator role from user')).toBeTruthy();
    await waitFor(() =>
      expect(within(updated()).getByRole('button', { name: /^Make Moderator/ })).toBeTruthy(),
    );
  });

  it('says Error / Failed to assign role when the server refuses', async () => {
    const base = createMemoryAdapter(createMemoryStore('admin-console'));
    const assign = async () => {
      throw new Error('refused');
    };
    const adapter = { ...base, admin: { ...base.admin!, roles: { ...base.admin!.roles, assign } } };
    const { user, table } = await openUsers({ adapter });
    await user.click(within(bodyRows(table)[0]!).getAllByRole('button', { name: /^Make / })[0]!);
    expect(await screen.findByText('Failed to assign role')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('sends a password reset to the user’s e-mail, and says so when there is no e-mail', async () => {
    const base = createMemoryAdapter(createMemoryStore('admin-console'));
    const list: AdminUsersAdapter['list'] = async (query) => {
      const page = await base.admin!.users.list(query);
      return { ...page, items: page.items.map((u, i) => (i === 1 ? { ...u, email: null } : u)) };
    };
    const adapter = { ...base, admin: { ...base.admin!, users: { ...base.admin!.users, list } } };
    const { user, table } = await openUsers({ adapter });
    const [first, second] = bodyRows(table);
    const email = within(first!).getByText(/@/).textContent!;
    await user.click(within(first!).getByRole('button', { name: /^Reset Password/ }));
    expect(await screen.findByText('Password Reset Sent')).toBeTruthy();
    expect(screen.getByText(`Password reset email sent to ${email}`)).toBeTruthy();
    await user.click(within(second!).getByRole('button', { name: /^Reset Password/ }));
    expect(await screen.findByText('Cannot Reset Password')).toBeTruthy();
    expect(screen.getByText('User email not available')).toBeTruthy();
  });

  it('View Progress opens the user-progress page for that user', async () => {
    const { user, table, onNavigate } = await openUsers();
    const row = bodyRows(table)[0]!;
    const id = within(row).getByText(/^ID: /).textContent!.slice(4);
    await user.click(within(row).getByRole('button', { name: /^View Progress/ }));
    expect(onNavigate).toHaveBeenCalledWith(`/admin/user-progress?userId=${encodeURIComponent(id)}`);
  });

  it('opens the user details from a click anywhere on the row', async () => {
    const { user, table } = await openUsers();
    const row = bodyRows(table)[0]!;
    const name = firstName(row);
    await user.click(within(row).getAllByRole('cell')[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    expect(within(dialog).getAllByText(name).length).toBeGreaterThan(0);
  });
});
