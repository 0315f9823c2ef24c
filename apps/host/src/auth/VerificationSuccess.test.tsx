import type { CourseAdapter, VerificationStatus } from '@coursekit/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp';

const verifyingAs = (status: VerificationStatus) => ({
  path: `/verification-success?token=t-${status}`,
  signedIn: false,
  patch: (adapter: CourseAdapter) => ({
    ...adapter,
    auth: { ...adapter.auth, verifyEmail: async () => status },
  }),
});

describe('the verification page (learner §2)', () => {
  it('confirms, offers Continue to Dashboard and goes home after 2 seconds', async () => {
    renderApp(verifyingAs('success'));
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to Dashboard' })).toBeTruthy();
    expect(window.location.pathname).toBe('/verification-success');
    await waitFor(() => expect(window.location.pathname).toBe('/'), { timeout: 3000 });
  });

  it('offers Return to Sign Up for an expired link', async () => {
    renderApp(verifyingAs('expired'));
    expect(await screen.findByRole('link', { name: 'Return to Sign Up' })).toBeTruthy();
  });

  it('offers Return to Sign In when the link is not valid', async () => {
    renderApp(verifyingAs('error'));
    expect(await screen.findByRole('link', { name: 'Return to Sign In' })).toBeTruthy();
  });
});
