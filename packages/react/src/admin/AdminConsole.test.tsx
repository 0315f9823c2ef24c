import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { AdminConsole } from './AdminConsole';

async function violations() {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } }, // jsdom has no layout to measure contrast
  });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}

describe('AdminConsole (admin §2)', { timeout: 30_000 }, () => {
  it('shows the four summary cards with the counts', async () => {
    renderWidget(<AdminConsole />, { scenario: 'admin-console', onNavigate: vi.fn() });
    const summary = await screen.findByRole('list', { name: 'Summary' });
    for (const label of ['Total Users', 'Modules', 'Lessons', 'Quizzes']) {
      expect(within(summary).getByText(label)).toBeTruthy();
    }
    await waitFor(() => expect(within(summary).getAllByText(/^\d+$/)).toHaveLength(4));
  });

  it('says Failed to load dashboard data when the counts cannot be read', async () => {
    renderWidget(<AdminConsole />, { scenario: 'admin-failing', onNavigate: vi.fn() });
    expect(await screen.findByText('Failed to load dashboard data')).toBeTruthy();
  });

  it('moves between the eight tabs (the spec’s six, Organisations and LTI) with the arrow keys and tells the host', async () => {
    const onTabChange = vi.fn();
    const { user } = renderWidget(<AdminConsole onTabChange={onTabChange} />, {
      scenario: 'admin-console',
      onNavigate: vi.fn(),
    });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'User Management',
      'User Progress',
      'System Settings',
      'Content Management',
      'Stable Tracking',
      'Analytics',
      'Organisations',
      'LTI',
    ]);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    await user.click(tabs[0]!);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(tabs[2]);
    await waitFor(() => expect(tabs[2]!.getAttribute('aria-selected')).toBe('true'));
    expect(onTabChange).toHaveBeenLastCalledWith('settings');
    expect(await screen.findByRole('switch', { name: 'Maintenance mode' })).toBeTruthy();
    await user.keyboard('{End}');
    expect(onTabChange).toHaveBeenLastCalledWith('lti');
  });

  it('the User Progress tab leads to the progress page', async () => {
    const onNavigate = vi.fn();
    const { user } = renderWidget(<AdminConsole tab="progress" />, { scenario: 'admin-console', onNavigate });
    await user.click(await screen.findByRole('link', { name: 'Open User Progress Dashboard' }));
    expect(onNavigate).toHaveBeenCalledWith('/admin/user-progress');
  });

  it('without a host router, View Progress opens its own user-progress screen', async () => {
    const { user } = renderWidget(<AdminConsole />, { scenario: 'admin-console' });
    const table = await screen.findByRole('table', { name: 'Users' });
    const [viewProgress] = await within(table).findAllByRole('button', { name: /^View Progress/ });
    await user.click(viewProgress!);
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Users' })).toBeNull());
    expect(screen.queryByRole('tab')).toBeNull();
  });

  for (const tab of ['users', 'settings', 'content', 'progress'] as const) {
    it(`axe finds no violations on the ${tab} tab`, async () => {
      renderWidget(<AdminConsole tab={tab} />, { scenario: 'admin-console', onNavigate: vi.fn() });
      await screen.findAllByRole('tabpanel');
      await waitFor(() =>
        expect(screen.getByRole('list', { name: 'Summary' }).getAttribute('aria-busy')).toBe('false'),
      );
      if (tab === 'users') await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(2));
      expect(await violations()).toEqual([]);
    });
  }

  it('axe finds no violations in the open dialogs', async () => {
    const { user } = renderWidget(<AdminConsole />, { scenario: 'admin-console', onNavigate: vi.fn() });
    await user.click(await screen.findByRole('button', { name: 'Create User' }));
    await screen.findByRole('dialog', { name: 'Create New User' });
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create User' }));
    expect(await violations()).toEqual([]);
  });
});
