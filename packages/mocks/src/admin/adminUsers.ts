import {
  type AdminUserView,
  blankToNull,
  CourseError,
  type CreateUserInput,
  messages,
  type Page,
  pageOfList,
  ROLES,
  type Role,
  type SelectableProfile,
  searchAndSortUsers,
  USERS_PAGE_SIZE,
  type UserSort,
  validateCreateUserForm,
  validateEmail,
  validatePassword,
} from '@coursekit/core';
import { now, type UserRow } from '../store/memoryTables';
import { type AdminTables, logAction, requireUser } from './adminTables';

/** The name an admin sees: the profile's once there is one (blank is null there), the sign-up name before. */
const nameOf = (row: UserRow): string | null =>
  row.profile ? row.profile.display_name : (row.user.user_metadata.name ?? null);

const sortedRoles = (roles: Role[]): Role[] => ROLES.filter((role) => roles.includes(role));

function userView(row: UserRow): AdminUserView {
  return {
    id: row.user.id,
    display_name: nameOf(row),
    email: row.user.email || null,
    roles: sortedRoles(row.roles),
    created_at: row.user.created_at,
    updated_at: row.profile?.updated_at ?? row.user.created_at,
    last_sign_in_at: row.user.last_sign_in_at ?? null,
    email_confirmed_at: row.user.email_confirmed_at,
    avatar_url: row.profile?.avatar_url ?? null,
  };
}

/** Users and roles (admin §2 User Management, §4 Roles, §5 Create user / Profile edit). */
export function adminUsers(tables: AdminTables) {
  const { store } = tables;
  const { users, byEmail, accessTokens, progress, attempts } = store.tables;

  return {
    /** core's rules/userList.ts (search, sort by last word), then one page. */
    list(
      query: {
        search?: string | undefined;
        sort?: UserSort | undefined;
        page?: number | undefined;
        pageSize?: number | undefined;
      } = {},
    ): Page<AdminUserView> {
      const listed = [...users.values()].map((row) => ({
        id: row.user.id,
        email: row.user.email,
        name: nameOf(row),
        created_at: row.user.created_at,
        row,
      }));
      const result = pageOfList(searchAndSortUsers(listed, query), query, USERS_PAGE_SIZE);
      return { ...result, items: result.items.map((u) => userView(u.row)) };
    },

    get: (userId: string): AdminUserView => userView(requireUser(tables, userId)),

    /** admin §5's checks, then the sign-up password policy (DESIGN 5); send invite off confirms the e-mail. */
    create(actor: string, input: CreateUserInput): AdminUserView {
      const errors = validateCreateUserForm({
        email: input.email,
        password: input.password,
        displayName: input.displayName,
      });
      const first = Object.values(errors)[0];
      if (first) throw new CourseError('validation_error', first, errors as Record<string, string>);
      const password = validatePassword(input.password);
      if (!password.ok) {
        throw new CourseError('weak_password', messages.authWeakPassword, { password: password.error });
      }
      const email = validateEmail(input.email);
      if (!email.ok) {
        throw new CourseError('validation_error', messages.createUserEmailInvalid, { email: email.error });
      }
      if (byEmail.has(email.value)) {
        throw new CourseError('user_already_registered', messages.authUserAlreadyRegistered);
      }
      const id = `user-${store.tables.nextId()}`;
      const at = now();
      const name = blankToNull(input.displayName);
      const sendInvite = input.sendInvite ?? true;
      const roles = sortedRoles([...new Set<Role>(input.roles ?? ['user'])]);
      users.set(id, {
        user: {
          id,
          email: email.value,
          email_confirmed_at: sendInvite ? null : at,
          created_at: at,
          last_sign_in_at: null,
          user_metadata: { name },
        },
        password: input.password,
        profile: {
          id: `profile-${id}`,
          user_id: id,
          display_name: name,
          avatar_url: blankToNull(input.avatarUrl),
          created_at: at,
          updated_at: at,
        },
        roles,
      });
      byEmail.set(email.value, id);
      logAction(tables, actor, 'user_created', id, { email: email.value, roles, sendInvite });
      return userView(users.get(id)!);
    },

    /** admin §5 profile edit: trimmed, blank stored as null. */
    update(
      actor: string,
      userId: string,
      input: { display_name?: string | null; avatar_url?: string | null },
    ): AdminUserView {
      requireUser(tables, userId);
      const profile = store.updateProfile(userId, input);
      logAction(tables, actor, 'user_updated', userId, {
        display_name: profile.display_name,
        avatar_url: profile.avatar_url,
      });
      return userView(requireUser(tables, userId));
    },

    /** admin §4: progress, quiz attempts, roles, profile and the account, all at once. */
    delete(actor: string, userId: string): void {
      const row = requireUser(tables, userId);
      const removeFrom = (list: Array<{ user_id: string }>) => {
        let removed = 0;
        for (let i = list.length - 1; i >= 0; i--) {
          if (list[i]!.user_id === userId) {
            list.splice(i, 1);
            removed += 1;
          }
        }
        return removed;
      };
      const removed = {
        progress: removeFrom(progress),
        quizAttempts: removeFrom(attempts),
        roles: row.roles.length,
        profile: row.profile ? 1 : 0,
        authAccount: 1,
      };
      users.delete(userId);
      byEmail.delete(row.user.email);
      for (const [token, owner] of accessTokens) if (owner === userId) accessTokens.delete(token);
      logAction(tables, actor, 'user_deleted', userId, { email: row.user.email, removed });
    },

    /** admin §5: a reset e-mail; 'User email not available' when the account has none. */
    sendPasswordReset(actor: string, userId: string): void {
      const email = users.get(userId)?.user.email;
      if (!email) throw new CourseError('not_found', messages.userEmailNotAvailable);
      logAction(tables, actor, 'password_reset_initiated', userId, { email });
    },

    /** The user-progress selector: every account, newest first. */
    selectable(): SelectableProfile[] {
      return [...users.values()]
        .map((row) => ({
          user_id: row.user.id,
          display_name: nameOf(row),
          created_at: row.profile?.created_at ?? row.user.created_at,
        }))
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.user_id.localeCompare(b.user_id));
    },

    /** admin §4: a user may hold several roles; assigning adds one (once), removing deletes it. */
    assignRole(actor: string, userId: string, role: Role): Role[] {
      const row = requireUser(tables, userId);
      if (!row.roles.includes(role)) row.roles.push(role);
      logAction(tables, actor, 'role_assigned', userId, { role });
      return sortedRoles(row.roles);
    },
    removeRole(actor: string, userId: string, role: Role): Role[] {
      const row = requireUser(tables, userId);
      row.roles = row.roles.filter((r) => r !== role);
      logAction(tables, actor, 'role_removed', userId, { role });
      return sortedRoles(row.roles);
    },
  };
}
