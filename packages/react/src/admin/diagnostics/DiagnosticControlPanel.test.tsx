import type { DiagnosticsExport } from '@coursekit/core';
import { createMemoryAdapter } from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/expectNoAxeViolations';
import { renderWidget } from '../../test/renderWidget';
import { DiagnosticControlPanel } from './DiagnosticControlPanel';

const DETAIL_SWITCHES = [
  'Show performance metrics',
  'Auto refresh',
  'Show progress details',
  'Show lesson versions',
];
const cards = () => screen.findAllByRole('listitem', { name: /^Module \d.* diagnostics$/ });
const card = (moduleId: number) =>
  screen.findByRole('listitem', { name: new RegExp(`^Module ${moduleId}(:.*)? diagnostics$`) });

/** jsdom's Blob has no text(); its FileReader reads one. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

function setup() {
  return renderWidget(<DiagnosticControlPanel />, { scenario: 'admin-console' });
}

afterEach(() => vi.restoreAllMocks());

describe('DiagnosticControlPanel', () => {
  it('shows a card per module; the detail switches appear only while diagnostics are on', async () => {
    const { user, adapter } = setup();
    await adapter.admin!.diagnostics.setAll(false);
    expect(await cards()).toHaveLength(5);
    const first = await card(1);
    await waitFor(() => expect(within(first).getByText('Disabled')).toBeTruthy());
    for (const name of DETAIL_SWITCHES) expect(within(first).queryByRole('switch', { name })).toBeNull();
    expect(within(first).getByRole('combobox', { name: 'Diagnostic level' })).toBeTruthy();

    await user.click(within(first).getByRole('switch', { name: 'Diagnostics enabled' }));
    await waitFor(() =>
      expect(within(first).getByRole('switch', { name: 'Show performance metrics' })).toBeTruthy(),
    );
    for (const name of DETAIL_SWITCHES) expect(within(first).getByRole('switch', { name })).toBeTruthy();
    expect((await adapter.admin!.diagnostics.list())[0]!.diagnostic_enabled).toBe(true);
  });

  it('saves a detail switch and the level', async () => {
    const { user, adapter } = setup();
    await adapter.admin!.diagnostics.update(2, { diagnostic_enabled: true, show_lesson_versions: false });
    const second = await card(2);
    const versions = await within(second).findByRole('switch', { name: 'Show lesson versions' });
    await user.click(versions);
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Diagnostic level' }), 'debug');
    await waitFor(async () => {
      const saved = (await adapter.admin!.diagnostics.list()).find((d) => d.module_id === 2)!;
      expect(saved).toMatchObject({ show_lesson_versions: true, diagnostic_level: 'debug' });
    });
    expect(versions.getAttribute('aria-checked')).toBe('true');
  });

  it('Enable All turns every module on, Disable All every module off', async () => {
    const { user } = setup();
    await cards();
    await user.click(screen.getByRole('button', { name: 'Enable All' }));
    await waitFor(async () => {
      for (const c of await cards()) expect(within(c).getByText('Enabled')).toBeTruthy();
    });
    expect(screen.getAllByRole('switch', { name: 'Show performance metrics' })).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Disable All' }));
    await waitFor(() =>
      expect(screen.queryAllByRole('switch', { name: 'Show performance metrics' })).toHaveLength(0),
    );
  });

  it('shows another admin’s change without a refresh', async () => {
    const { store } = setup();
    const first = await card(1);
    const other = createMemoryAdapter(store);
    const before = within(first)
      .getByRole('switch', { name: 'Diagnostics enabled' })
      .getAttribute('aria-checked');
    await other.admin!.diagnostics.update(1, { diagnostic_enabled: before !== 'true' });
    await waitFor(() =>
      expect(
        within(first).getByRole('switch', { name: 'Diagnostics enabled' }).getAttribute('aria-checked'),
      ).toBe(String(before !== 'true')),
    );
  });

  it('exports every module’s settings to diagnostic-settings-{timestamp}.json', async () => {
    const { user } = setup();
    await cards();
    let blob: Blob | undefined;
    const saved: string[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:diagnostics';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^diagnostic-settings-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.json$/);
    const data = JSON.parse(await readText(blob!)) as DiagnosticsExport;
    expect(data.settings.map((d) => d.module_id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('says why the settings could not load', async () => {
    renderWidget(<DiagnosticControlPanel />, { scenario: 'admin-failing' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error loading diagnostic settings: Database connection failed',
    );
  });

  it('has no axe violations', async () => {
    const { adapter } = setup();
    await adapter.admin!.diagnostics.setAll(true);
    await cards();
    await waitFor(() =>
      expect(screen.getAllByRole('switch', { name: 'Show performance metrics' })).toHaveLength(5),
    );
    await expectNoAxeViolations();
  });
});
