import {
  type AuthUser,
  CourseError,
  messages,
  normalizeDisplayName,
  normalizeEmail,
  type Profile,
  type Role,
  type Session,
  type SignUpInput,
  type SignUpResult,
  validateEmail,
  validateName,
  validatePassword,
} from '@coursekit/core';
import { type MemoryTables, now } from './memoryTables';

/** Accounts, sessions and profiles (learner §5, §6): sign-up, sign-in, tokens, the profile. */
export function memoryAccounts(tables: MemoryTables) {
  const { users, byEmail, accessTokens, refreshTokens, nextId, row } = tables;

  function issueSession(userId: string, accessToken = `access-${nextId()}-${userId}`): Session {
    const refreshToken = `refresh-${nextId()}-${userId}`;
    accessTokens.set(accessToken, userId);
    refreshTokens.set(refreshToken, userId);
    return {
      user: row(userId).user,
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      type: 'normal',
    };
  }

  const accounts = {
    signUp(input: SignUpInput): SignUpResult {
      // learner §5's checks in the API's order and words (the API adds its common-password list).
      const email = validateEmail(input.email);
      if (!email.ok) throw new CourseError('validation_error', email.error, { email: email.error });
      const name = validateName(input.name);
      if (!name.ok) throw new CourseError('validation_error', name.error, { name: name.error });
      const password = validatePassword(input.password);
      if (!password.ok) {
        throw new CourseError('weak_password', messages.authWeakPassword, { password: password.error });
      }
      if (byEmail.has(email.value)) {
        throw new CourseError('user_already_registered', messages.authUserAlreadyRegistered);
      }
      const id = `user-${nextId()}`;
      const at = now();
      const user: AuthUser = {
        id,
        email: email.value,
        email_confirmed_at: null,
        created_at: at,
        last_sign_in_at: at,
        user_metadata: { name: name.value ?? null },
      };
      users.set(id, { user, password: input.password, profile: null, roles: ['user'] });
      byEmail.set(email.value, id);
      return { user, session: issueSession(id) };
    },
    signIn(input: { email: string; password: string }): Session {
      const id = byEmail.get(normalizeEmail(input.email));
      const found = id ? users.get(id) : undefined;
      if (!found || found.password !== input.password) {
        throw new CourseError('invalid_credentials', messages.authInvalidCredentials);
      }
      return issueSession(found.user.id);
    },
    refresh(refreshToken: string): Session {
      const id = refreshTokens.get(refreshToken);
      if (!id) throw new CourseError('unauthorized', messages.sessionExpired);
      refreshTokens.delete(refreshToken);
      return issueSession(id);
    },
    signOut(accessToken: string | null): void {
      if (accessToken) accessTokens.delete(accessToken);
    },
    /** The user an access token belongs to; fails with `unauthorized` ('No active session'). */
    userFor(accessToken: string | null | undefined): AuthUser {
      const id = accessToken ? accessTokens.get(accessToken) : undefined;
      if (!id) throw new CourseError('unauthorized', messages.sessionMissing);
      return row(id).user;
    },
    /** A new session for an existing access token (the demo learner's, for adapters). */
    sessionFor(accessToken: string): Session {
      const user = accounts.userFor(accessToken);
      return {
        user,
        access_token: accessToken,
        refresh_token: `refresh-${nextId()}-${user.id}`,
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        type: 'normal',
      };
    },

    /** The profile, made on first read from the sign-up name (or the e-mail's local part). */
    profile(userId: string): Profile {
      const r = row(userId);
      if (!r.profile) {
        const at = now();
        r.profile = {
          id: `profile-${userId}`,
          user_id: userId,
          display_name: r.user.user_metadata.name || r.user.email.split('@')[0] || null,
          avatar_url: null,
          created_at: at,
          updated_at: at,
        };
      }
      return { ...r.profile };
    },
    /** learner §5: display name and avatar trimmed, blank stored as null. */
    updateProfile(
      userId: string,
      input: { display_name?: string | null; avatar_url?: string | null },
    ): Profile {
      const current = accounts.profile(userId);
      const next: Profile = {
        ...current,
        ...(input.display_name !== undefined
          ? { display_name: normalizeDisplayName(input.display_name) }
          : {}),
        ...(input.avatar_url !== undefined ? { avatar_url: input.avatar_url?.trim() || null } : {}),
        updated_at: now(),
      };
      row(userId).profile = next;
      return { ...next };
    },
    roles(userId: string): Role[] {
      return [...row(userId).roles];
    },
  };
  return accounts;
}
