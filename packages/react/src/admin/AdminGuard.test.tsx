import { CourseError } from '@coursekit/core';
import { createMemoryAdapter, createMemoryStore } from '@coursekit/mocks';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { AdminConsole } from './AdminConsole';

describe('AdminConsole guard (admin §2 Route guard)', { timeout: 30_000 }, () => {
  it('turns a learner away with the insufficient-permissions message, and shows no admin data', async () => {
    const onNavigate = vi.fn();
    const { user } = renderWidget(<AdminConsole />, { scenario: 'new-learner', onNavigate });
    expect(screen.getByRole('status', { name: 'Checking permissions...' })).toBeTruthy();
    expect(await screen.findByText('Insufficient permissions to access this resource.')).toBeTruthy();
    expect(screen.queryByText('Total Users')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go to Sign In' }));
    expect(onNavigate).toHaveBeenCalledWith('/signin');
  });

  it('asks a signed-out visitor to sign in again, through the host’s onSignIn when given', async () => {
    const onSignIn = vi.fn();
    const { user } = renderWidget(<AdminConsole onSignIn={onSignIn} />, {
      adapter: createMemoryAdapter(createMemoryStore(), { signedIn: false }),
    });
    expect(await screen.findByText('Session validation failed. Please sign in again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to Sign In' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Total Users')).toBeNull();
  });

  it('shows Something went wrong with the error and Try Again when the role check breaks', async () => {
    const base = createMemoryAdapter(createMemoryStore());
    let broken = true;
    const roles = vi.fn(async () => {
      if (broken) throw new CourseError('unavailable', 'Database connection failed');
      return ['user' as const];
    });
    const { user } = renderWidget(<AdminConsole />, {
      adapter: { ...base, profile: { ...base.profile, roles } },
      onNavigate: vi.fn(),
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Database connection failed')).toBeTruthy();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Insufficient permissions to access this resource.')).toBeTruthy();
  });

  it('lets in an admin whose host signs in with its own token, so the adapter keeps no session', async () => {
    // createHttpAdapter({ getAccessToken }) answers getSession() with null: the server's answer decides.
    const base = createMemoryAdapter(createMemoryStore('admin-console'));
    const adapter = { ...base, auth: { ...base.auth, getSession: async () => null } };
    renderWidget(<AdminConsole />, { adapter, onNavigate: vi.fn() });
    expect(await screen.findByText('Total Users')).toBeTruthy();
    expect(screen.queryByText('Session validation failed. Please sign in again.')).toBeNull();
  });
});
