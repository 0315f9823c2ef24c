import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { ProgressPanel } from './ProgressPanel';

describe('ProgressPanel (/progress)', () => {
  it('shows skeletons while loading, then the course progress', async () => {
    renderWidget(<ProgressPanel />, { scenario: 'mid-course', onNavigate: vi.fn() });
    expect(screen.getAllByTestId('skeleton')).toHaveLength(3);
    expect(await screen.findByText('7 of 25 lessons completed (28%)')).toBeTruthy();
    expect(screen.getByText('Completed: 7 · Remaining: 18')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Course Progress' })).getByText('In Progress'),
    ).toBeTruthy();
  });

  it('asks a signed-out learner to sign in', async () => {
    const { createMemoryAdapter, createMemoryStore } = await import('@coursekit/mocks');
    const onNavigate = vi.fn();
    const { user } = renderWidget(<ProgressPanel />, {
      adapter: createMemoryAdapter(createMemoryStore(), { signedIn: false }),
      onNavigate,
    });
    expect(await screen.findByText('Please sign in to view your progress.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(onNavigate).toHaveBeenCalledWith('/signin');
  });

  it('locks a module row until any of its lessons is complete, and opens the first always', async () => {
    renderWidget(<ProgressPanel />, { scenario: 'mid-course', onNavigate: vi.fn() });
    const locked = await screen.findByRole('listitem', { name: /Module 3: .* \(locked\)/ });
    expect(within(locked).getByText('Complete previous modules to unlock')).toBeTruthy();
    expect(within(locked).getByText('Locked')).toBeTruthy();
    expect(within(locked).getByText('0 of 5 lessons')).toBeTruthy();
    expect(within(locked).queryByRole('button')).toBeNull();

    const first = screen.getByRole('listitem', { name: 'Module 1: The Language of Data' });
    expect(within(first).getByText('Complete')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Next Module' })).toBeTruthy();
    const second = screen.getByRole('listitem', { name: 'Module 2: Data Quality and Validation' });
    expect(within(second).getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('opens a module row whose only completed lesson is not its first (DESIGN decision 9)', async () => {
    const { createMemoryAdapter, createMemoryStore } = await import('@coursekit/mocks');
    const adapter = createMemoryAdapter(createMemoryStore('new-learner'));
    const third = (await adapter.course.lessons(3))[2]!;
    await adapter.progress.setLessonCompleted(third.lesson_key, true);
    renderWidget(<ProgressPanel />, { adapter, onNavigate: vi.fn() });
    const row = await screen.findByRole('listitem', { name: /^Module 3: [^(]*$/ });
    expect(within(row).getByText('1 of 5 lessons · 20%')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: /Module 2: .* \(locked\)/ })).toBeTruthy();
  });

  it('a new learner starts: Start Learning, Start Module, no Reset', async () => {
    const onNavigate = vi.fn();
    const { user } = renderWidget(<ProgressPanel />, { onNavigate });
    const first = await screen.findByRole('listitem', { name: 'Module 1: The Language of Data' });
    expect(within(first).queryByRole('button', { name: 'Reset' })).toBeNull();
    await user.click(within(first).getByRole('button', { name: 'Start Module' }));
    expect(onNavigate).toHaveBeenLastCalledWith('/module/1');
    await user.click(screen.getByRole('button', { name: 'Start Learning' }));
    expect(onNavigate).toHaveBeenLastCalledWith('/course');
    await user.click(screen.getByRole('button', { name: 'Take Assessment' }));
    expect(onNavigate).toHaveBeenLastCalledWith('/assessment');
  });

  it('says “Tested out” on a module tested out of, counts none of its lessons, and leads on from it', async () => {
    const { createMemoryAdapter, createMemoryStore, withTestOut } = await import('@coursekit/mocks');
    // Module 1 done; the pre-assessment's first two questions right: module 1's and module 3's.
    const learner = { completed: { 1: 5 }, attempts: [{ quiz: 'pre_assessment' as const, correct: 2 }] };
    const onNavigate = vi.fn();
    const { user } = renderWidget(<ProgressPanel />, {
      adapter: createMemoryAdapter(createMemoryStore(learner, withTestOut())),
      onNavigate,
    });
    const third = await screen.findByRole('listitem', {
      name: 'Module 3: Data Governance, Standards, and Roles',
    });
    expect(within(third).getByText('Tested out')).toBeTruthy();
    expect(within(third).getByText('0 of 5 lessons · 0%')).toBeTruthy();
    // Its lessons stay open to read; its button leads on, as a finished module's does.
    await user.click(within(third).getByRole('button', { name: 'Next Module' }));
    expect(onNavigate).toHaveBeenLastCalledWith('/module/4');
    await user.click(within(third).getByRole('button', { name: 'View Module 3' }));
    expect(onNavigate).toHaveBeenLastCalledWith('/module/3');
    // Module 1, tested out of and read in full, is simply Complete.
    const first = screen.getByRole('listitem', { name: 'Module 1: The Language of Data' });
    expect(within(first).getByText('Complete')).toBeTruthy();
    expect(within(first).queryByText('Tested out')).toBeNull();
    // No completion is invented.
    expect(screen.getByText('5 of 25 lessons completed (20%)')).toBeTruthy();
    expect(screen.getAllByText('Tested out')).toHaveLength(1);
  });

  it('with test-out off the same learner sees no “Tested out” and module 3 locked', async () => {
    const { createMemoryAdapter, createMemoryStore } = await import('@coursekit/mocks');
    const learner = { completed: { 1: 5 }, attempts: [{ quiz: 'pre_assessment' as const, correct: 2 }] };
    renderWidget(<ProgressPanel />, {
      adapter: createMemoryAdapter(createMemoryStore(learner)),
      onNavigate: vi.fn(),
    });
    expect(await screen.findByRole('listitem', { name: /Module 3: .* \(locked\)/ })).toBeTruthy();
    expect(screen.queryByText('Tested out')).toBeNull();
  });

  it('the last module at 100% leads to Take Quiz', async () => {
    renderWidget(<ProgressPanel />, { scenario: 'course-finished-no-quiz-passed', onNavigate: vi.fn() });
    const last = await screen.findByRole('listitem', { name: /Module 5:/ });
    expect(within(last).getByRole('button', { name: 'Take Quiz' })).toBeTruthy();
  });

  it('resets a module after confirmation and says so', async () => {
    const { user } = renderWidget(<ProgressPanel />, { scenario: 'mid-course', onNavigate: vi.fn() });
    const second = await screen.findByRole('listitem', { name: 'Module 2: Data Quality and Validation' });
    await user.click(within(second).getByRole('button', { name: 'Reset' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset Data Quality and Validation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset Module' }));
    expect(await screen.findByText('Module Reset Complete')).toBeTruthy();
    expect(await screen.findByText('5 of 25 lessons completed (20%)')).toBeTruthy();
    // module 2 now has no lesson complete, so its row locks
    expect(screen.getByRole('listitem', { name: /Module 2: .* \(locked\)/ })).toBeTruthy();
  });

  it('cancelling the reset dialog changes nothing', async () => {
    const { user } = renderWidget(<ProgressPanel />, { scenario: 'mid-course', onNavigate: vi.fn() });
    const second = await screen.findByRole('listitem', { name: 'Module 2: Data Quality and Validation' });
    await user.click(within(second).getByRole('button', { name: 'Reset' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('7 of 25 lessons completed (28%)')).toBeTruthy();
  });

  it('a complete course congratulates, and Reset Course starts again after confirmation', async () => {
    const { user } = renderWidget(<ProgressPanel />, { scenario: 'course-complete', onNavigate: vi.fn() });
    expect(await screen.findByText('Congratulations! You have completed the course.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Review Course' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'View Results' })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Reset Course' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset Course' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset Course' }));
    expect(
      await screen.findByText('Your progress has been reset. You can start the course again!'),
    ).toBeTruthy();
    expect(await screen.findByText('0 of 25 lessons completed (0%)')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('No attempts yet.').length).toBeGreaterThan(0));
  });

  it('a failed reset says why', async () => {
    const { user, store } = renderWidget(<ProgressPanel />, { scenario: 'mid-course', onNavigate: vi.fn() });
    const second = await screen.findByRole('listitem', { name: 'Module 2: Data Quality and Validation' });
    store.options.failing = true;
    await user.click(within(second).getByRole('button', { name: 'Reset' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset Module' }),
    );
    expect(await screen.findByText('Reset Failed')).toBeTruthy();
    expect(
      screen.getByText('Could not reset Data Quality and Validation: Database connection failed'),
    ).toBeTruthy();
  });

  it('a completed lesson elsewhere updates the panel at once (shared progress cache)', async () => {
    const { queryClient, adapter } = renderWidget(<ProgressPanel />, { onNavigate: vi.fn() });
    await screen.findByText('0 of 25 lessons completed (0%)');
    const [lesson] = await adapter.course.lessons(1);
    const state = await adapter.progress.setLessonCompleted(lesson!.lesson_key, true);
    const { courseKeys } = await import('../queries/courseKeys');
    queryClient.setQueryData(courseKeys.progress(), state);
    expect(await screen.findByText('1 of 25 lessons completed (4%)')).toBeTruthy();
  });
});
