import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp';
import { isBypassPath } from './MaintenanceGate';

describe('the maintenance gate (learner §4)', () => {
  it('signs a signed-in learner out and shows the maintenance page', async () => {
    const { adapter } = renderApp({ path: '/about', scenario: 'maintenance' });
    expect(await screen.findByRole('heading', { name: 'Under Maintenance' })).toBeTruthy();
    expect(screen.getByText('Expected Duration: 15-30 minutes')).toBeTruthy();
    await waitFor(async () => expect(await adapter.auth.getSession()).toBeNull());
  });

  it('lets an admin through', async () => {
    renderApp({ path: '/about', scenario: 'maintenance', roles: ['admin'] });
    expect(await screen.findByRole('heading', { name: 'About this course' })).toBeTruthy();
    expect(screen.queryByText('Under Maintenance')).toBeNull();
  });

  it('keeps sign-in open so an admin can sign in', async () => {
    renderApp({ path: '/signin', scenario: 'maintenance', signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('behaves as not in maintenance when the settings fail to load', async () => {
    renderApp({ path: '/about', scenario: 'server-failing', signedIn: false });
    expect(await screen.findByRole('heading', { name: 'About this course' })).toBeTruthy();
  });

  it('follows the settings stream: maintenance switched on sends a visitor to the maintenance page, and off again', async () => {
    const { store } = renderApp({ path: '/about', signedIn: false });
    await screen.findByRole('heading', { name: 'About this course' });
    act(() => void store.setSettings({ maintenance_mode: true }));
    expect(await screen.findByRole('heading', { name: 'Under Maintenance' })).toBeTruthy();
    act(() => void store.setSettings({ maintenance_mode: false }));
    expect(await screen.findByRole('heading', { name: 'About this course' })).toBeTruthy();
  });

  it('bypasses exactly /signin, /signup and /reset-password', () => {
    expect(['/signin', '/signup/', '/reset-password'].map(isBypassPath)).toEqual([true, true, true]);
    expect(['/', '/course', '/admin'].map(isBypassPath)).toEqual([false, false, false]);
  });
});
