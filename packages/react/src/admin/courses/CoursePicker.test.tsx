import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/expectNoAxeViolations';
import { renderWidget } from '../../test/renderWidget';
import { SECOND, twoCourses } from '../../test/twoCourses';
import { AdminConsole } from '../AdminConsole';

/** The summary card's figure, by its label. */
const card = (label: string) =>
  within(screen.getByRole('list', { name: 'Summary' }))
    .getByText(label)
    .closest('li')!
    .querySelector('span:last-child')!.textContent;

describe('the console’s course picker', { timeout: 30_000 }, () => {
  it('shows the default course first, and every course with its status', async () => {
    const { store, adapter } = twoCourses();
    renderWidget(<AdminConsole />, { adapter, onNavigate: vi.fn() });
    const picker = await screen.findByRole('combobox', { name: 'Course' });
    const title = store.outline().title;
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([`${title} · Published · Default`, `${SECOND.title} · Draft`]);
    expect((picker as HTMLSelectElement).value).toBe(store.outline().slug);
    expect(picker.parentElement!.textContent).toContain('Published');
    await expectNoAxeViolations();
  });

  it('moves the summary cards to the course picked, and keeps the platform’s users', async () => {
    const { store, adapter } = twoCourses();
    const { user } = renderWidget(<AdminConsole />, { adapter, onNavigate: vi.fn() });
    await waitFor(() => expect(card('Modules')).toBe(String(store.modulesList.length)));
    const users = card('Total Users');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Course' }), SECOND.slug);
    await waitFor(() => expect(card('Modules')).toBe('3'));
    expect(card('Lessons')).toBe('9');
    expect(card('Total Users')).toBe(users);
    expect(screen.getByRole('combobox', { name: 'Course' }).parentElement!.textContent).toContain('Draft');
    // the table of users is the platform's whatever the course
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
  });

  it('is not shown by an adapter that cannot scope by course', async () => {
    const { adapter } = twoCourses();
    const { forCourse: _, ...admin } = adapter.admin!;
    renderWidget(<AdminConsole />, { adapter: { ...adapter, admin }, onNavigate: vi.fn() });
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Summary' }).getAttribute('aria-busy')).toBe('false'),
    );
    expect(screen.queryByRole('combobox', { name: 'Course' })).toBeNull();
  });
});
