import { type ScenarioOptions, scenarioOptions } from '@coursekit/mocks';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/expectNoAxeViolations';
import { renderWidget } from '../../test/renderWidget';
import { ImageUrlManagement } from './ImageUrlManagement';

// The memory adapter pauses 400 ms between an image job's steps; fake timers run them at once.
const STEP_MS = 400;
const consoleWith = (admin: NonNullable<ScenarioOptions['admin']>): ScenarioOptions => ({
  ...scenarioOptions['admin-console'],
  admin: { ...scenarioOptions['admin-console'].admin, ...admin },
});

function setup(scenario: ScenarioOptions | 'admin-console' | 'admin-failing' = 'admin-console') {
  return renderWidget(<ImageUrlManagement />, { scenario, fakeTimers: true });
}
const bar = (label: string) => screen.getByRole('progressbar', { name: `${label} progress` });
const barValue = (label: string) => Number(bar(label).getAttribute('aria-valuenow'));
/**
 * Lets the job's pauses pass, one step at a time, until the bar reads `value`. (Not waitFor: its own
 * timeout runs on the faked clock too, and would fire before the last step.)
 */
async function runUntil(label: string, value: number) {
  for (let step = 0; step < 8 && barValue(label) !== value; step++) {
    await act(() => vi.advanceTimersByTimeAsync(STEP_MS));
  }
  expect(barValue(label)).toBe(value);
}
const figure = (list: HTMLElement, name: string) =>
  within(list).getByText(name).parentElement!.querySelector('dd')!.textContent;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ImageUrlManagement', () => {
  it.each([25, 50, 75])('shows the analysis running at its %i% step', async (step) => {
    const { user } = setup(consoleWith({ holdJobsAt: step }));
    await user.click(screen.getByRole('button', { name: 'Run Analysis' }));
    await runUntil('Analysis', step);
    expect(screen.getByText(`Analysis running: ${step}%`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Analyzing...' }).hasAttribute('disabled')).toBe(true);
  });

  it('runs the analysis to 100% and summarises lessons, problem URLs, encoding issues and patterns', async () => {
    const { user, adapter } = setup();
    // the same analysis straight from the adapter; its pauses pass with the widget's below
    const direct = adapter.admin!.images.analyze();
    await user.click(screen.getByRole('button', { name: 'Run Analysis' }));
    await runUntil('Analysis', 100);
    const expected = await direct;
    const summary = await screen.findByLabelText('Analysis summary');
    expect(figure(summary, 'Total lessons')).toBe(String(expected.totalLessons));
    expect(figure(summary, 'Lessons with images')).toBe(String(expected.lessonsWithImages));
    expect(figure(summary, 'Problematic URLs')).toBe(String(expected.problematicUrls.length));
    expect(figure(summary, 'Encoding issues')).toBe(String(expected.encodingIssues));
    for (const p of expected.urlPatterns) expect(screen.getByText(p.pattern)).toBeTruthy();
    expect(screen.getByText('Analysis complete')).toBeTruthy();
  });

  it('a failed analysis says so and points to the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup('admin-failing');
    await user.click(screen.getByRole('button', { name: 'Run Analysis' }));
    expect(await screen.findByText('Analysis Failed')).toBeTruthy();
    expect(screen.getByText('An error occurred during analysis. Check console for details.')).toBeTruthy();
    expect(error).toHaveBeenCalled();
  });

  it('validation runs through 20% to 100% and reports valid, invalid, errors and recommendations', async () => {
    const held = setup(consoleWith({ holdJobsAt: 20 }));
    await held.user.click(screen.getByRole('tab', { name: 'Validation' }));
    await held.user.click(screen.getByRole('button', { name: 'Run Validation' }));
    await runUntil('Validation', 20);
    held.unmount();

    const { user, adapter } = setup();
    const direct = adapter.admin!.images.validate();
    expect(screen.queryByRole('button', { name: 'Run Validation' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Validation' }));
    await user.click(screen.getByRole('button', { name: 'Run Validation' }));
    await runUntil('Validation', 100);
    const expected = await direct;
    const summary = await screen.findByLabelText('Validation summary');
    // each tab keeps its result while another is shown
    await user.click(screen.getByRole('tab', { name: 'Analysis' }));
    expect(screen.queryByRole('button', { name: 'Run Validation' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Validation' }));
    expect(screen.getByLabelText('Validation summary')).toBeTruthy();
    expect(figure(summary, 'Total')).toBe(String(expected.total));
    expect(figure(summary, 'Valid')).toBe(String(expected.valid));
    expect(figure(summary, 'Invalid')).toBe(String(expected.invalid));
    for (const e of expected.errors) expect(screen.getByText(e.url)).toBeTruthy();
    for (const r of expected.summary.recommendations) expect(screen.getByText(r)).toBeTruthy();
  });

  it('a failed validation shows Validation Failed', async () => {
    const { user } = setup('admin-failing');
    await user.click(screen.getByRole('tab', { name: 'Validation' }));
    await user.click(screen.getByRole('button', { name: 'Run Validation' }));
    expect(await screen.findByText('Validation Failed')).toBeTruthy();
  });

  it('enhanced correction runs through 30% to 100%, lists each change and warns when some links could not be fixed', async () => {
    const held = setup(consoleWith({ holdJobsAt: 30 }));
    await held.user.click(screen.getByRole('tab', { name: 'Enhanced Correction' }));
    await held.user.click(screen.getByRole('button', { name: 'Run Enhanced Correction' }));
    await held.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Run Correction' }),
    );
    await runUntil('Enhanced correction', 30);
    held.unmount();

    const { user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Enhanced Correction' }));
    await user.click(screen.getByRole('button', { name: 'Run Enhanced Correction' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Run Correction' }),
    );
    await runUntil('Enhanced correction', 100);
    const summary = await screen.findByLabelText('Correction summary');
    const corrected = Number(figure(summary, 'Corrected'));
    const failed = Number(figure(summary, 'Failed'));
    expect(corrected).toBeGreaterThan(0);
    // the scenario holds one link to a file the bucket does not have
    expect(failed).toBeGreaterThan(0);
    expect(await screen.findByText('Correction Completed with Issues')).toBeTruthy();
    expect(screen.getAllByText('→').length).toBeGreaterThanOrEqual(corrected);
    expect(screen.getAllByText(/^Error: /).length).toBeGreaterThanOrEqual(failed);
  });

  it('a failed correction shows Enhanced Correction Failed', async () => {
    const { user } = setup('admin-failing');
    await user.click(screen.getByRole('tab', { name: 'Enhanced Correction' }));
    await user.click(screen.getByRole('button', { name: 'Run Enhanced Correction' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Run Correction' }),
    );
    expect(await screen.findByText('Enhanced Correction Failed')).toBeTruthy();
  });

  it('samples the first 10 files of the image-assets bucket', async () => {
    const { adapter } = setup();
    const files = await adapter.admin!.images.list();
    const sample = await screen.findByRole('list', { name: 'Storage sample' });
    expect(within(sample).getAllByRole('listitem')).toHaveLength(Math.min(10, files.length));
    expect(within(sample).getByText(files[0]!.name)).toBeTruthy();
  });

  it('has no axe violations, idle and with a result', async () => {
    const { user } = setup();
    await screen.findByRole('list', { name: 'Storage sample' });
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Run Analysis' }));
    await runUntil('Analysis', 100);
    await screen.findByLabelText('Analysis summary');
    await expectNoAxeViolations();
    // Two axe runs over the whole panel: 1–2 s alone, over 5 s on a loaded 2-core machine.
  }, 20_000);
});
