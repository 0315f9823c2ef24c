import { messages } from '@coursekit/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp';

async function fill(fields: Record<string, string>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(fields)) {
    const input = await screen.findByLabelText(label);
    await user.clear(input);
    await user.type(input, value);
  }
  return user;
}

describe('sign-in and sign-up (learner §2, §5, §8)', () => {
  it('shows the spec message for a malformed e-mail', async () => {
    renderApp({ path: '/signin', signedIn: false });
    const user = await fill({ Email: 'not-an-address', Password: 'whatever1' });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.emailInvalidFormat);
  });

  it('applies the sign-up password policy', async () => {
    renderApp({ path: '/signup', signedIn: false });
    const user = await fill({ Email: 'new@example.com', Password: 'short' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.passwordTooShort);
  });

  it('maps wrong credentials to the spec text', async () => {
    renderApp({ path: '/signin', signedIn: false });
    const user = await fill({ Email: 'ana.silva@example.com', Password: 'Wrong-Password-1' });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.authInvalidCredentials);
  });

  it('shows the rate-limit message on the sixth attempt in a minute instead of dropping it', async () => {
    renderApp({ path: '/signin', signedIn: false });
    const user = await fill({ Email: 'limit@example.com', Password: 'Wrong-Password-1' });
    const submit = screen.getByRole('button', { name: 'Sign In' });
    for (let i = 0; i < 5; i++) {
      await user.click(submit);
      await waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe(messages.authInvalidCredentials),
      );
    }
    await user.click(submit);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(messages.rateLimitSignIn));
  });

  it('creates an account, says so, and lands on the home page signed in', async () => {
    const { adapter } = renderApp({ path: '/signup', signedIn: false });
    const user = await fill({
      'Full name (optional)': 'Bea Jones',
      Email: 'bea@example.com',
      Password: 'Sturdy-Pass-9',
    });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Account Created')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect((await adapter.auth.getSession())?.user.email).toBe('bea@example.com');
  });

  it('sends a signed-in visitor home', async () => {
    renderApp({ path: '/signin' });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});
