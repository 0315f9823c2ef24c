import { adminMessages, PROGRESS_CSV_COLUMNS } from '@coursekit/core';
import { createMemoryAdapter, createMemoryStore } from '@coursekit/mocks';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/expectNoAxeViolations';
import { renderWidget } from '../../test/renderWidget';
import { AnalyticsPanel } from './AnalyticsPanel';

afterEach(() => vi.restoreAllMocks());

/** The cells of a table row named by its header cell, as text. */
const rowOf = (table: HTMLElement, name: string) =>
  Array.from(
    within(table).getByRole('rowheader', { name }).closest('tr')!.querySelectorAll('td'),
    (td) => td.textContent,
  );

describe('AnalyticsPanel', () => {
  it('shows learner counts and the funnel’s numbers in its table view', async () => {
    const { user, adapter } = renderWidget(<AnalyticsPanel />, { scenario: 'admin-console' });
    const report = await adapter.admin!.analytics!.report();
    const counts = await screen.findByRole('list', { name: 'Learners' });
    expect(within(counts).getByText(String(report.learners.total))).toBeTruthy();

    const funnel = screen.getByRole('figure', { name: 'Completion funnel by module' });
    expect(within(funnel).getByRole('img').getAttribute('aria-label')).toContain(
      `Completion funnel of ${report.learners.total} learners`,
    );
    await user.click(within(funnel).getByRole('button', { name: 'Show as table' }));
    const table = within(funnel).getByRole('table');
    for (const f of report.funnel) {
      expect(rowOf(table, `Module ${f.moduleId}: ${f.title}`).slice(0, 3)).toEqual([
        String(f.lessons),
        String(f.started),
        String(f.completed),
      ]);
    }
    await user.click(within(funnel).getByRole('button', { name: 'Show as chart' }));
    expect(within(funnel).queryByRole('table')).toBeNull();
  });

  it('puts both score distributions and each question’s share correct in tables', async () => {
    const { user, adapter } = renderWidget(<AnalyticsPanel />, { scenario: 'admin-console' });
    const report = await adapter.admin!.analytics!.report();
    const scores = await screen.findByRole('figure', { name: 'Pre-assessment vs final quiz' });
    expect(within(scores).getAllByRole('img')).toHaveLength(2);
    await user.click(within(scores).getByRole('button', { name: 'Show as table' }));
    const bands = within(scores).getByRole('table');
    const band = report.scores.preAssessment.distribution[9]!;
    expect(rowOf(bands, '90–100%')).toEqual([
      String(band.learners),
      String(report.scores.final.distribution[9]!.learners),
    ]);

    for (const quiz of report.difficulty) {
      const figure = screen.getByRole('figure', { name: `Question difficulty: ${quiz.title}` });
      await user.click(within(figure).getByRole('button', { name: 'Show as table' }));
      const first = quiz.questions[0]!;
      const cells = rowOf(within(figure).getByRole('table'), String(first.questionNumber));
      expect(cells).toEqual([
        first.text,
        String(first.answered),
        String(first.correct),
        first.shareCorrect === null ? '—' : `${Math.round(first.shareCorrect * 100)}%`,
      ]);
    }
    await expectNoAxeViolations();
  });

  it('downloads the progress CSV as coursekit-progress-YYYY-MM-DD.csv', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:progress';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = renderWidget(<AnalyticsPanel />, { scenario: 'admin-console' });
    await screen.findByRole('list', { name: 'Learners' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    // the toast region mounts with the first toast, after the panel's charts: give a busy machine time
    expect(await screen.findByText('Download started', {}, { timeout: 3000 })).toBeTruthy();
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toMatch(/^coursekit-progress-\d{4}-\d\d-\d\d\.csv$/);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text.split('\r\n')[0]).toBe(PROGRESS_CSV_COLUMNS.join(','));
    expect(text).toContain('lena.novak@example.com');
  });

  it('shows an empty state, and no download, when there are no learners', async () => {
    renderWidget(<AnalyticsPanel />, { scenario: 'admin-empty' });
    expect(await screen.findByText('No learners yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('says the dashboard data failed to load, and loads it on Try Again', async () => {
    const adapter = createMemoryAdapter(createMemoryStore('admin-empty'));
    const failed = vi
      .spyOn(adapter.admin!.analytics!, 'report')
      .mockRejectedValue(new Error('Database down'));
    const { user } = renderWidget(<AnalyticsPanel />, { adapter });
    expect(await screen.findByText(adminMessages.dashboardLoadFailed)).toBeTruthy();
    expect(screen.getByText('Database down')).toBeTruthy();
    await expectNoAxeViolations();
    failed.mockRestore();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No learners yet.')).toBeTruthy();
  });
});
