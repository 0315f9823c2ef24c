import { CourseError } from '@coursekit/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleLearners, findFresh, findMidCourse } from '../../test/consoleLearners';
import { expectNoAxeViolations } from '../../test/expectNoAxeViolations';
import { renderWidget } from '../../test/renderWidget';
import { UserProgressPage } from './UserProgressPage';

function setup(props: Parameters<typeof UserProgressPage>[0] = {}) {
  const onNavigate = vi.fn();
  const rendered = renderWidget(<UserProgressPage {...props} />, { scenario: 'admin-console', onNavigate });
  return { ...rendered, onNavigate };
}

afterEach(() => vi.restoreAllMocks());

describe('UserProgressPage (/admin/user-progress)', () => {
  it('asks for a user, lists them newest first as name (8 characters of the id), and shows the chosen one', async () => {
    const onUserChange = vi.fn();
    const { user, adapter } = setup({ onUserChange });
    expect(
      screen.getByText('Please select a user from the dropdown above to view their progress.'),
    ).toBeTruthy();
    const list = await consoleLearners(adapter);
    const select = screen.getByRole('combobox', { name: 'User' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(list.length + 1));
    const labels = within(select)
      .getAllByRole('option')
      .slice(1)
      .map((o) => o.textContent);
    expect(labels).toEqual(list.map((l) => `${l.name} (${l.userId.slice(0, 8)})`));

    const learner = findMidCourse(list);
    await user.selectOptions(select, learner.userId);
    expect(onUserChange).toHaveBeenLastCalledWith(learner.userId);
    const { completedLessons, totalLessons, progressPercentage } = learner.view.summary;
    const course = await screen.findByRole('region', { name: 'Course Progress' });
    expect(
      within(course).getByText(
        `${completedLessons} of ${totalLessons} lessons completed (${progressPercentage}%)`,
      ),
    ).toBeTruthy();
    expect(within(course).getByText(`Remaining: ${totalLessons - completedLessons}`)).toBeTruthy();
    expect(within(course).getByText('In Progress')).toBeTruthy();
    expect(
      screen.queryByText('Please select a user from the dropdown above to view their progress.'),
    ).toBeNull();

    await user.selectOptions(select, '');
    expect(onUserChange).toHaveBeenLastCalledWith(null);
    expect(
      screen.getByText('Please select a user from the dropdown above to view their progress.'),
    ).toBeTruthy();
  });

  it('follows the host when controlled: shows its userId and only reports a new choice', async () => {
    const learner = findMidCourse(await consoleLearners());
    const onUserChange = vi.fn();
    const { user } = setup({ userId: learner.userId, onUserChange });
    expect(await screen.findByRole('region', { name: 'Course Progress' })).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'User' }), '');
    expect(onUserChange).toHaveBeenCalledWith(null);
    // the host has not changed userId, so the learner stays on screen
    expect(screen.getByRole('region', { name: 'Course Progress' })).toBeTruthy();
  });

  it('Back to Admin leads to /admin', async () => {
    const { user, onNavigate } = setup();
    await user.click(screen.getByRole('button', { name: 'Back to Admin' }));
    expect(onNavigate).toHaveBeenCalledWith('/admin');
  });

  it('offers Reset All Progress only once the learner has started, and resets after confirmation', async () => {
    const { user, adapter } = setup();
    const list = await consoleLearners(adapter);
    const fresh = findFresh(list);
    const started = findMidCourse(list);
    const select = screen.getByRole('combobox', { name: 'User' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));

    await user.selectOptions(select, fresh.userId);
    await screen.findByRole('region', { name: 'Course Progress' });
    expect(screen.queryByRole('button', { name: 'Reset All Progress' })).toBeNull();

    await user.selectOptions(select, started.userId);
    await user.click(await screen.findByRole('button', { name: 'Reset All Progress' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset All Progress' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset All Progress' }));
    expect(await screen.findByText('Success')).toBeTruthy();
    expect(screen.getByText(`Progress has been reset for ${started.name}.`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reset All Progress' })).toBeNull());
    expect(screen.getByText(`0 of ${started.view.summary.totalLessons} lessons completed (0%)`)).toBeTruthy();
  });

  it('a failed reset says why and asks to try again', async () => {
    const learner = findMidCourse(await consoleLearners());
    const { user, adapter } = setup({ userId: learner.userId });
    vi.spyOn(adapter.admin!.userProgress, 'reset').mockRejectedValue(
      new CourseError('unavailable', 'Database connection failed'),
    );
    await user.click(await screen.findByRole('button', { name: 'Reset All Progress' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset All Progress' }),
    );
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(
      screen.getByText('Failed to reset progress: Database connection failed. Please try again.'),
    ).toBeTruthy();
  });

  it('has no axe violations, before and after a selection', async () => {
    const { user, adapter } = setup();
    const learner = findMidCourse(await consoleLearners(adapter));
    const select = screen.getByRole('combobox', { name: 'User' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    await expectNoAxeViolations();
    await user.selectOptions(select, learner.userId);
    await screen.findByRole('region', { name: 'Course Progress' });
    await expectNoAxeViolations();
  });
});
