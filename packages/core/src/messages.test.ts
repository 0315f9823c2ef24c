import { describe, expect, it } from 'vitest';
import { adminMessages } from './adminMessages';
import {
  lessonDoesNotExist,
  messages,
  moduleDoesNotExist,
  moduleLoadTitle,
  passwordResetSentMessage,
  roleAssignedMessage,
  roleRemovedMessage,
} from './messages';

// The quoted validation messages and auth error texts of learner §5/§8 and admin §5/§8, copied
// from the specs. Each must be one of core's messages, and core must hold each text once.
const SPEC_TEXTS = [
  // learner §5
  'Email is required',
  'Invalid email format',
  'Email address too long',
  'Email contains invalid characters',
  'Password must be at least 8 characters long',
  'Password too long (max 128 characters)',
  'Password must contain at least 3 of: uppercase, lowercase, numbers, special characters',
  'Password contains common patterns and is not secure',
  'Name is required',
  'Name cannot be empty',
  'Name too long (max 100 characters)',
  'Name contains invalid characters',
  'Name contains potentially dangerous characters',
  'Please enter a new password',
  'Password must be at least 6 characters long',
  'Passwords do not match',
  'Invalid session for password reset. Please request a new reset link.',
  'Email Required',
  'Please enter your email address.',
  // learner §8
  'Your verification link has expired. Please request a new one.',
  'Invalid email or password. Please check your credentials and try again.',
  'Please verify your email before signing in. Check your inbox for a verification link.',
  'New account registration is currently disabled.',
  'Password is too weak. Please choose a stronger password.',
  'Too many requests. Please wait a moment before trying again.',
  'An account with this email already exists. Try signing in instead.',
  'Invalid request. Please try again.',
  'Network error. Please check your connection and try again.',
  'An unexpected error occurred. Please try again.',
  'Too many sign-up attempts. Please try again later.',
  'Too many sign-in attempts. Please try again later.',
  'Too many requests. Please try again later.',
  'Invalid or expired session',
  'Session expired',
  'No active session',
  'User not authenticated',
  'Authentication session expired. Please sign in again.',
  'Progress update failed',
  'Authentication failed',
  'Database connection failed',
  'Quiz not found or no questions available.',
  // admin §5
  'Password is required',
  'Please enter a valid email address',
  'Password must be at least 6 characters',
  'Display name is required',
  'Please confirm all deletion options above to proceed.',
  'Cannot Reset Password',
  'User email not available',
  // admin §8 guard
  'Session validation failed. Please sign in again.',
  'Insufficient permissions to access this resource.',
  'Security validation failed. Please try again.',
  'Access denied',
  // admin §8 toasts and §2 console texts
  'Role Assigned',
  'Role Removed',
  'Failed to assign role',
  'Failed to remove role',
  'Password Reset Sent',
  'Failed to send password reset email',
  'Failed to update user profile',
  'User Creation Failed',
  'Failed to create user account',
  'Deletion Failed',
  'An unexpected error occurred while loading modules',
  'An unexpected error occurred while loading the module',
  'An unexpected error occurred while refreshing images',
  'Error: Failed to update maintenance mode',
  'Error: Failed to update system message',
  'Failed to load system settings',
  'Failed to load dashboard data',
  'Search users by name or email...',
  'No users found matching your search.',
  'No users found.',
];

describe('the product texts', () => {
  it('hold every quoted spec message', () => {
    const values = new Set<string>([...Object.values(messages), ...Object.values(adminMessages)]);
    expect(SPEC_TEXTS.filter((text) => !values.has(text))).toEqual([]);
  });
  it('hold each text exactly once', () => {
    const values = [...Object.values(messages), ...Object.values(adminMessages)];
    expect(values.filter((v, i) => values.indexOf(v) !== i)).toEqual([]);
  });
  it('fill in the role, e-mail and module of the admin toasts', () => {
    expect(roleAssignedMessage('moderator')).toBe('Successfully assigned moderator role to user');
    expect(roleRemovedMessage('admin')).toBe('Successfully removed admin role from user');
    expect(passwordResetSentMessage('a@b.co')).toBe('Password reset email sent to a@b.co');
    expect(moduleLoadTitle(3, 'Failed')).toBe('Module 3 Failed');
  });
  it('name a missing module or lesson by id', () => {
    expect(moduleDoesNotExist(7)).toBe('Module 7 does not exist');
    expect(lessonDoesNotExist(42)).toBe('Lesson 42 does not exist');
  });
});
