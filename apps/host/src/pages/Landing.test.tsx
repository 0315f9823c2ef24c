import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp';

describe('the landing page (learner §2)', () => {
  it('sends visitors to sign up', async () => {
    renderApp({ signedIn: false });
    const cta = await screen.findByRole('link', { name: 'Start Learning Today' });
    expect(cta.getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Take the Pre-Assessment' }).getAttribute('href')).toBe(
      '/assessment',
    );
  });

  it('sends signed-in learners to the course', async () => {
    renderApp({ scenario: 'mid-course' });
    expect((await screen.findByRole('link', { name: 'Continue Learning' })).getAttribute('href')).toBe(
      '/course',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('congratulates a learner who finished the course, and Start Over resets the progress', async () => {
    const { adapter } = renderApp({ scenario: 'course-complete' });
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Start Over' }));
    expect(
      await screen.findByText('Your progress has been reset. You can start the course again!'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await adapter.progress.get()).summary.hasStarted).toBe(false);
  });

  it('closes the congratulations with Close, keeping the progress', async () => {
    const { adapter } = renderApp({ scenario: 'course-complete' });
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await adapter.progress.get()).summary.courseComplete).toBe(true);
  });
});

describe('the session (learner §4)', () => {
  it('stops waiting for a session read that hangs after 3 seconds', async () => {
    renderApp({
      path: '/about',
      signedIn: false,
      patch: (adapter) => ({
        ...adapter,
        auth: { ...adapter.auth, getSession: () => new Promise(() => {}) },
      }),
    });
    await screen.findByRole('heading', { name: 'About this course' });
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Sign In' }, { timeout: 3500 })).toBeTruthy();
  });
});
