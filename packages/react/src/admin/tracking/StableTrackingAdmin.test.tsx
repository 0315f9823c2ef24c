import { CourseError } from '@coursekit/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/expectNoAxeViolations';
import { renderWidget } from '../../test/renderWidget';
import { StableTrackingAdmin } from './StableTrackingAdmin';

function setup() {
  return renderWidget(<StableTrackingAdmin />, { scenario: 'admin-console' });
}
const figure = (list: HTMLElement, name: string) =>
  within(list).getByText(name).parentElement!.querySelector('dd')!.textContent;

afterEach(() => vi.restoreAllMocks());

describe('StableTrackingAdmin', () => {
  it('shows records by tracking method and the average lesson version to one decimal', async () => {
    const { adapter } = setup();
    const overview = await adapter.admin!.tracking.overview();
    const stats = await screen.findByLabelText('Progress records by tracking method');
    expect(figure(stats, 'Total records')).toBe(String(overview.totalRecords));
    expect(figure(stats, 'Stable')).toBe(String(overview.stableRecords));
    expect(figure(stats, 'Legacy')).toBe(String(overview.legacyRecords));
    expect(figure(stats, 'Orphaned')).toBe(String(overview.orphanedRecords));
    expect(figure(stats, 'Average lesson version')).toMatch(/^\d+\.\d$/);
  });

  it('lists each module with its lessons and records on the Modules tab', async () => {
    const { user, adapter } = setup();
    const overview = await adapter.admin!.tracking.overview();
    await user.click(screen.getByRole('tab', { name: 'Modules' }));
    for (const m of overview.modules) {
      const row = await screen.findByRole('listitem', { name: `Module ${m.moduleId}: ${m.name}` });
      expect(within(row).getByText(`Active lessons: ${m.activeLessons}`)).toBeTruthy();
      expect(
        within(row).getByText(new RegExp(`^Progress records: ${m.records} · Stable: ${m.stableRecords}`)),
      ).toBeTruthy();
    }
  });

  it('cleans up orphaned progress after confirmation, says how many, and logs it', async () => {
    const { user, adapter } = setup();
    const { orphanedRecords } = await adapter.admin!.tracking.overview();
    await user.click(screen.getByRole('tab', { name: 'Maintenance' }));
    await user.click(await screen.findByRole('button', { name: 'Clean Up Orphaned Progress' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clean Up' }),
    );
    expect(await screen.findByText('Cleanup complete')).toBeTruthy();
    expect(
      screen.getByText(
        `Removed ${orphanedRecords} orphaned progress ${orphanedRecords === 1 ? 'record' : 'records'}.`,
      ),
    ).toBeTruthy();
    const log = screen.getByRole('region', { name: 'Cleanup Log' });
    await waitFor(() => expect(within(log).getAllByText('orphaned_progress').length).toBeGreaterThan(0));
    expect((await adapter.admin!.tracking.overview()).orphanedRecords).toBe(0);
  });

  it('a failed cleanup shows Cleanup failed with the server’s text', async () => {
    const { user, adapter } = setup();
    vi.spyOn(adapter.admin!.tracking, 'cleanup').mockRejectedValue(
      new CourseError('unavailable', 'Database connection failed'),
    );
    await user.click(screen.getByRole('tab', { name: 'Maintenance' }));
    await user.click(await screen.findByRole('button', { name: 'Clean Up Orphaned Progress' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clean Up' }),
    );
    expect(await screen.findByText('Cleanup failed')).toBeTruthy();
    expect(screen.getByText('Database connection failed')).toBeTruthy();
  });

  it('migrates a chosen user’s progress to stable tracking and says how many records moved', async () => {
    const { user, adapter } = setup();
    const admin = adapter.admin!;
    // the scenario's learner whose module 2 records predate lesson keys
    const noah = (await admin.users.selectable()).find((u) => u.display_name === 'Noah Johansson')!;
    const before = await admin.tracking.overview();
    await user.click(screen.getByRole('tab', { name: 'Progress' }));
    const select = await screen.findByRole('combobox', { name: 'User' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(select, noah.user_id);
    await user.click(screen.getByRole('button', { name: 'Migrate to Stable Tracking' }));
    expect(await screen.findByText('Migration complete')).toBeTruthy();
    expect(screen.getByText('Migrated 4 progress records to stable tracking.')).toBeTruthy();
    expect((await admin.tracking.overview()).legacyRecords).toBe(before.legacyRecords - 4);
  });

  it('a failed migration says Migration failed with the server’s text', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Progress' }));
    await user.type(await screen.findByRole('textbox', { name: 'User ID' }), 'no-such-user');
    await user.click(screen.getByRole('button', { name: 'Migrate to Stable Tracking' }));
    expect(await screen.findByText('Migration failed')).toBeTruthy();
  });

  it('Refresh reloads the overview', async () => {
    const { user, adapter } = setup();
    await screen.findByLabelText('Progress records by tracking method');
    const overview = vi.spyOn(adapter.admin!.tracking, 'overview');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(overview).toHaveBeenCalled());
  });

  it('has no axe violations on any tab', async () => {
    const { user } = setup();
    await screen.findByLabelText('Progress records by tracking method');
    await expectNoAxeViolations();
    for (const tab of ['Modules', 'Progress', 'Maintenance']) {
      await user.click(screen.getByRole('tab', { name: tab }));
      await screen.findByRole('tabpanel', { name: tab });
      await expectNoAxeViolations();
    }
  });
});
