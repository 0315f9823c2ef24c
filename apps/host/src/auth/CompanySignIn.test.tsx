import { companySignInErrors } from '@coursekit/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp';

describe('company sign-in on the sign-in page', () => {
  it('says why the API refused an organisation’s sign-in', async () => {
    renderApp({ path: '/signin?sso_error=unverified', signedIn: false });
    expect((await screen.findByRole('alert')).textContent).toBe(companySignInErrors.unverified);
  });

  it('ignores a reason it does not know (a made-up link says nothing)', async () => {
    renderApp({ path: '/signin?sso_error=%3Cscript%3E', signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
