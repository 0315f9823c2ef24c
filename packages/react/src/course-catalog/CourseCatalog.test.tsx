import { type CatalogCourse, type CourseAdapter, CourseError, messages } from '@coursekit/core';
import { createMemoryAdapter, createMemoryStore, DEMO_LEARNER } from '@coursekit/mocks';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { CourseCatalog } from './CourseCatalog';

const second: CatalogCourse = {
  slug: 'meter-reports',
  title: 'Reading a Meter-Data Report',
  description: 'Interval data, baselines and the anomalies worth a work order.',
  estimated_time: '90 minutes',
  is_default: false,
  module_count: 1,
  progress: { completed_lessons: 3, total_lessons: 3, percentage: 100, certified: true },
};

/** The memory adapter of a scenario, its catalog replaced. */
function withCatalog(catalog: CourseAdapter['course']['catalog'], signedIn = true) {
  const base = createMemoryAdapter(createMemoryStore('mid-course'), { signedIn });
  return { ...base, course: { ...base.course, catalog } };
}

describe('CourseCatalog', () => {
  it('lists each course with its description, estimated time and modules, linked to its screens', async () => {
    const store = createMemoryStore('new-learner');
    const outline = store.outline();
    renderWidget(<CourseCatalog />, { adapter: createMemoryAdapter(store, { signedIn: false }) });
    const link = await screen.findByRole('link', { name: outline.title });
    expect(link.getAttribute('href')).toBe('/course');
    expect(screen.getByText(outline.description)).toBeTruthy();
    expect(
      screen.getByText(`Estimated time: ${outline.estimated_time} · ${outline.modules.length} modules`),
    ).toBeTruthy();
    // signed out: no progress to show
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the signed-in learner’s progress in each course', async () => {
    const { store } = renderWidget(<CourseCatalog />, { scenario: 'mid-course' });
    const { summary } = store.progress(store.userFor(DEMO_LEARNER.accessToken).id);
    const outline = store.outline();
    const bar = await screen.findByRole('progressbar', { name: `${outline.title} progress` });
    expect(bar.getAttribute('aria-valuenow')).toBe(String(summary.progressPercentage));
    expect(
      screen.getByText(
        `${summary.completedLessons} of ${summary.totalLessons} lessons completed (${summary.progressPercentage}%)`,
      ),
    ).toBeTruthy();
  });

  it('links another course under its slug, says when it is not started, and when it is certified', async () => {
    const fresh = { ...second, slug: 'cobie', title: 'COBie Handover', module_count: 3 };
    const adapter = withCatalog(async () => [
      { ...fresh, progress: { completed_lessons: 0, total_lessons: 9, percentage: 0, certified: false } },
      second,
    ]);
    renderWidget(<CourseCatalog />, { adapter });
    const [first, other] = await screen.findAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'COBie Handover' }).getAttribute('href')).toBe(
      '/courses/cobie/course',
    );
    expect(within(first!).getByText('Not started yet')).toBeTruthy();
    expect(within(first!).queryByText('Certificate earned')).toBeNull();
    expect(within(other!).getByText('Estimated time: 90 minutes · 1 module')).toBeTruthy();
    expect(within(other!).getByText('Certificate earned')).toBeTruthy();
  });

  it('is a list of links the keyboard reaches in order; a click goes to the host’s router', async () => {
    const onNavigate = vi.fn();
    const adapter = withCatalog(async () => [{ ...second, slug: 'a', title: 'First' }, second]);
    const { user } = renderWidget(<CourseCatalog hrefOf={(c) => `/learn/${c.slug}`} />, {
      adapter,
      onNavigate,
    });
    await screen.findByRole('link', { name: 'First' });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'First' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: second.title }));
    await user.keyboard('{Enter}');
    expect(onNavigate).toHaveBeenCalledWith('/learn/meter-reports');
  });

  it('says so when no course is published', async () => {
    renderWidget(<CourseCatalog />, { adapter: withCatalog(async () => []) });
    expect(await screen.findByRole('heading', { name: 'No courses yet' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the failure with Try Again, which asks again', async () => {
    let fail = true;
    const catalog = vi.fn(async () => {
      if (fail) throw new CourseError('unavailable', messages.databaseConnectionFailed);
      return [second];
    });
    const { user } = renderWidget(<CourseCatalog />, { adapter: withCatalog(catalog) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The courses could not be loaded')).toBeTruthy();
    expect(within(alert).getByText(messages.databaseConnectionFailed)).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: second.title })).toBeTruthy();
  });
});
