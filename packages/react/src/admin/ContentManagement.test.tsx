import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { AdminConsole } from './AdminConsole';

const results = () => within(screen.getByRole('region', { name: 'Operation Results' }));

describe('Content Management (admin §2, /content-loader)', { timeout: 30_000 }, () => {
  it('shows the content tools alone on the content-loader screen', async () => {
    renderWidget(<AdminConsole screen="content-loader" />, {
      scenario: 'admin-console',
      onNavigate: vi.fn(),
    });
    expect(await screen.findByRole('heading', { name: 'Content Management', level: 2 })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'User Management' })).toBeNull();
    expect(screen.queryByText('Total Users')).toBeNull();
    expect(screen.getByRole('region', { name: 'Content Management System' })).toBeTruthy();
  });

  it('accumulates each operation’s type, time and outcome in Operation Results, with its toast', async () => {
    const { user } = renderWidget(<AdminConsole tab="content" />, {
      scenario: 'admin-console',
      onNavigate: vi.fn(),
    });
    await screen.findByRole('region', { name: 'Operation Results' });
    expect(results().getByText('No operations yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Module 2' }));
    expect(await screen.findByText('Module 2 Loaded')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Refresh All Images' }));
    expect(await screen.findByText('Images Refreshed')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Load All Modules' }));
    expect(await screen.findByText('Modules Loaded')).toBeTruthy();
    const items = await waitFor(() => {
      const list = results().getAllByRole('listitem');
      expect(list).toHaveLength(3);
      return list;
    });
    expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual([
      'Module Load',
      'Image Refresh',
      'Module Load',
    ]);
    for (const item of items) expect(item.textContent).toContain('✓ Success');
  });

  it('marks each module card Ready, then Success after its Load Module', async () => {
    const { user } = renderWidget(<AdminConsole tab="content" />, {
      scenario: 'admin-console',
      onNavigate: vi.fn(),
    });
    const cms = await screen.findByRole('region', { name: 'Content Management System' });
    const card = () => within(cms).getAllByRole('listitem')[2]!;
    expect(within(card()).getByText('Ready')).toBeTruthy();
    await user.click(within(card()).getByRole('button', { name: 'Load Module 3' }));
    expect(await within(card()).findByText('Success')).toBeTruthy();
    expect(within(within(cms).getAllByRole('listitem')[0]!).getByText('Ready')).toBeTruthy();
  });

  it('records a failure, marks the module Failed and says Module {n} Error when the server breaks', async () => {
    const { user } = renderWidget(<AdminConsole tab="content" />, {
      scenario: 'admin-failing',
      onNavigate: vi.fn(),
    });
    await user.click(await screen.findByRole('button', { name: 'Module 1' }));
    expect(await screen.findByText('Module 1 Error')).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred while loading the module')).toBeTruthy();
    expect(await results().findByText('✗ Failed')).toBeTruthy();
    const cms = screen.getByRole('region', { name: 'Content Management System' });
    expect(within(within(cms).getAllByRole('listitem')[0]!).getByText('Failed')).toBeTruthy();
  });
});
