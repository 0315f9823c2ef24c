import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminAdapter } from '../adapter/AdminAdapter';
import { adminMessages, pageRangeMessage } from '../adminMessages';
import { messages } from '../messages';
import { AUDIT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, USERS_PAGE_SIZE } from '../rules/paging';
import type { AdminUserView } from '../schemas/admin';
import type { AdminConformanceHarness } from './adminConformance';
import { CONFORMANCE_PASSWORD, expectCourseError, signedUp, uniqueEmail, uniqueTag } from './expectations';
import { emailOf, USER_LIST_CASES, USER_LIST_PEOPLE, type UserListRef, withTag } from './userListCases';

/** An id no account has, shaped as both backends' ids may be. */
export const NO_SUCH_USER = '00000000-0000-4000-8000-000000000000';

async function userByEmail(admin: AdminAdapter, email: string): Promise<AdminUserView> {
  const { items } = await admin.users.list({ search: email });
  expect(items).toHaveLength(1);
  return items[0]!;
}

/** admin §2/§4/§5: the user list, accounts, roles and the guard. */
export function runAdminUserChecks({ world }: AdminConformanceHarness): void {
  describe('users', () => {
    describe('search and sort (core’s USER_LIST_CASES)', () => {
      const tag = uniqueTag();
      const ids = new Map<string, UserListRef>();
      let admin: AdminAdapter;
      beforeAll(async () => {
        admin = await world.makeAdmin();
        for (const person of USER_LIST_PEOPLE) {
          const email = emailOf(person.local, tag);
          if (person.name === null) {
            const learner = await world.makeAdapter();
            await learner.auth.signUp({ email, password: CONFORMANCE_PASSWORD });
            ids.set((await userByEmail(admin, email)).id, person.ref);
          } else {
            const created = await admin.users.create({
              email,
              password: CONFORMANCE_PASSWORD,
              displayName: withTag(person.name, tag),
              sendInvite: false,
              roles: ['user'],
            });
            ids.set(created.id, person.ref);
          }
        }
      });

      for (const c of USER_LIST_CASES) {
        it(c.says, async () => {
          const page = await admin.users.list({
            search: withTag(c.search, tag),
            ...(c.sort ? { sort: c.sort } : {}),
            pageSize: MAX_PAGE_SIZE,
          });
          expect(page.items.map((u) => ids.get(u.id) ?? u.email)).toEqual(c.expect);
          expect(page.total).toBe(c.expect.length);
        });
      }

      it('lists newest first without a sort, and pages on the server without overlap', async () => {
        const all = (await admin.users.list({ search: tag, pageSize: MAX_PAGE_SIZE })).items;
        const keys = all.map((u) => [u.created_at, u.id] as const);
        expect(keys).toEqual(
          [...keys].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? 1 : -1)),
        );
        const first = await admin.users.list({ search: tag, sort: 'asc', page: 1, pageSize: 3 });
        const second = await admin.users.list({ search: tag, sort: 'asc', page: 2, pageSize: 3 });
        expect(first).toMatchObject({ total: USER_LIST_PEOPLE.length, page: 1, pageSize: 3 });
        expect([...first.items, ...second.items].map((u) => ids.get(u.id))).toEqual(
          USER_LIST_CASES[0]!.expect.slice(0, 6),
        );
        expect((await admin.users.list({ search: tag, page: 4, pageSize: 3 })).items).toEqual([]);
        expect((await admin.users.list({ search: tag })).pageSize).toBe(USERS_PAGE_SIZE);
        expect((await admin.audit.actions()).pageSize).toBe(AUDIT_PAGE_SIZE);
        expect((await admin.audit.securityEvents()).pageSize).toBe(AUDIT_PAGE_SIZE);
      });

      it('refuses a page number or size out of range, with the query’s field named', async () => {
        await expectCourseError(
          admin.users.list({ pageSize: MAX_PAGE_SIZE + 1 }),
          'validation_error',
          `Invalid request query: pageSize: ${pageRangeMessage(MAX_PAGE_SIZE)}`,
        );
        await expectCourseError(
          admin.audit.actions({ page: 0 }),
          'validation_error',
          `Invalid request query: page: ${pageRangeMessage(MAX_PAGE)}`,
        );
      });
    });

    it('creates a user with the spec’s defaults, and refuses bad input with its messages', async () => {
      const admin = await world.makeAdmin();
      const email = uniqueEmail('created');
      const input = {
        email: `  ${email.toUpperCase()} `,
        password: CONFORMANCE_PASSWORD,
        displayName: ' New Person ',
      };
      const created = await admin.users.create({ ...input, sendInvite: true, roles: ['user'] });
      expect(created).toMatchObject({ email, display_name: 'New Person', roles: ['user'] });
      expect(created.email_confirmed_at).toBeNull();
      const other = uniqueEmail('confirmed');
      const confirmed = await admin.users.create({
        ...input,
        email: other,
        sendInvite: false,
        roles: ['user', 'admin'],
      });
      expect(confirmed.email_confirmed_at).not.toBeNull();
      expect(confirmed.roles).toEqual(['admin', 'user']);
      const bad = (patch: object) => admin.users.create({ ...input, sendInvite: true, roles: [], ...patch });
      await expectCourseError(
        bad({ email: 'not-an-address' }),
        'validation_error',
        messages.createUserEmailInvalid,
      );
      await expectCourseError(
        bad({ password: '12345' }),
        'validation_error',
        messages.createUserPasswordTooShort,
      );
      await expectCourseError(
        bad({ displayName: '  ' }),
        'validation_error',
        messages.createUserDisplayNameRequired,
      );
      await expectCourseError(
        bad({ email: other }),
        'user_already_registered',
        messages.authUserAlreadyRegistered,
      );
    });

    it('edits a profile trimmed, a blank value stored as null', async () => {
      const admin = await world.makeAdmin();
      const { userId } = await signedUp(world, 'Mei Lin');
      const edited = await admin.users.update(userId, { display_name: '  Mei L Lin ', avatar_url: '   ' });
      expect(edited).toMatchObject({ display_name: 'Mei L Lin', avatar_url: null });
      expect((await admin.users.update(userId, { display_name: ' ' })).display_name).toBeNull();
      expect((await admin.users.get(userId)).display_name).toBeNull();
    });

    it('deletes progress, attempts, roles, profile and account together', async () => {
      const admin = await world.makeAdmin();
      const { adapter, email, userId } = await signedUp(world, 'Lena Novak');
      const [module] = await adapter.course.modules();
      const [lesson] = await adapter.course.lessons(module!.id);
      await adapter.progress.setLessonCompleted(lesson!.lesson_key, true);
      const [quiz] = await adapter.quizzes.list();
      await adapter.quizzes.startAttempt(quiz!.quiz.id);
      await adapter.profile.get();
      await admin.users.delete(userId);
      await expectCourseError(admin.users.get(userId), 'not_found', adminMessages.userNotFound);
      await expectCourseError(admin.userProgress.get(userId), 'not_found', adminMessages.userNotFound);
      expect((await admin.users.selectable()).map((p) => p.user_id)).not.toContain(userId);
      await expectCourseError(
        admin.users.sendPasswordReset(userId),
        'not_found',
        messages.userEmailNotAvailable,
      );
      expect((await admin.audit.actions()).items[0]).toMatchObject({
        action_type: 'user_deleted',
        target_user_id: userId,
      });
      const again = await world.makeAdapter();
      await expectCourseError(
        again.auth.signIn({ email, password: CONFORMANCE_PASSWORD }),
        'invalid_credentials',
        messages.authInvalidCredentials,
      );
    });

    it('assigns and removes roles, and records each in the audit log', async () => {
      const admin = await world.makeAdmin();
      const { email, userId } = await signedUp(world, 'Tom Becker');
      expect(await admin.roles.assign(userId, 'moderator')).toEqual(['moderator', 'user']);
      expect(await admin.roles.assign(userId, 'moderator')).toEqual(['moderator', 'user']);
      expect(await admin.roles.remove(userId, 'user')).toEqual(['moderator']);
      await admin.users.sendPasswordReset(userId);
      const log = (await admin.audit.actions()).items
        .slice(0, 3)
        .map((a) => [a.action_type, a.action_details]);
      expect(log).toEqual([
        ['password_reset_initiated', { email }],
        ['role_removed', { role: 'user' }],
        ['role_assigned', { role: 'moderator' }],
      ]);
      await expectCourseError(
        admin.roles.assign(NO_SUCH_USER, 'admin'),
        'not_found',
        adminMessages.userNotFound,
      );
    });

    it('lists the selector’s profiles newest first, the newest account on top', async () => {
      const admin = await world.makeAdmin();
      const { userId } = await signedUp(world, 'Nina Newest');
      const list = await admin.users.selectable();
      const mine = list.find((p) => p.user_id === userId);
      expect(mine).toMatchObject({ display_name: 'Nina Newest', created_at: list[0]!.created_at });
      const created = list.map((p) => p.created_at);
      expect(created).toEqual([...created].sort().reverse());
    });

    it('lets only admins in: a learner is refused with the guard’s text', async () => {
      const { adapter } = await signedUp(world, 'Gus Guard');
      expect(adapter.admin, 'the backend’s adapters carry the admin part').toBeDefined();
      await expectCourseError(adapter.admin!.stats(), 'forbidden', messages.guardInsufficientRole);
      await expectCourseError(adapter.admin!.users.list(), 'forbidden', messages.guardInsufficientRole);
      const audit = (await world.makeAdmin()).audit;
      const events = (await audit.securityEvents({ pageSize: 1 })).items;
      expect(events[0]).toMatchObject({ event_type: 'insufficient_role' });
      // The log filtered by kind holds that kind only.
      const refusals = await audit.securityEvents({ event_type: 'insufficient_role' });
      expect(refusals.items.length).toBeGreaterThan(0);
      expect(new Set(refusals.items.map((e) => e.event_type))).toEqual(new Set(['insufficient_role']));
    });
  });
}
