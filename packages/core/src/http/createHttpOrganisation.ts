import type * as z from 'zod/mini';
import type { CourseAdapter } from '../adapter/CourseAdapter';
import type { OrganisationAdapter } from '../adapter/OrganisationAdapter';
import type { ReminderLink } from '../schemas/organisationManagers';
import { endpoints } from './endpoints';
import type { CallInit, HttpTransport } from './httpTransport';
import { transportOf } from './httpTransport';
import { type ManagerEndpoint, managerEndpoints } from './managerEndpoints';

type ManagerEndpointName = keyof typeof managerEndpoints;
type AnswerOf<N extends ManagerEndpointName> = (typeof managerEndpoints)[N] extends { produces: string }
  ? string
  : (typeof managerEndpoints)[N] extends { answer: infer S extends z.ZodMiniType }
    ? z.infer<S>
    : undefined;

/**
 * The managers' calls for one organisation on an adapter made by `createHttpAdapter` (same session,
 * same token). The answer is the HTTP `OrganisationAdapter` the OrganisationConsole and the
 * OrganisationReport widgets are driven by.
 *
 * @example
 * const organisation = createHttpOrganisation(createHttpAdapter({ baseUrl: '/api' }), organisationId);
 */
export function createHttpOrganisation(adapter: CourseAdapter, organisationId: string): OrganisationAdapter {
  const transport = transportOf(adapter);
  if (!transport) {
    throw new TypeError('createHttpOrganisation needs the adapter that createHttpAdapter returned');
  }
  return organisationOn(transport, organisationId);
}

/** What accepting an invitation answers: the organisation joined, the e-mail, a new or linked account. */
export interface AcceptedInvitation {
  organisation: { slug: string; name: string };
  email: string;
  account: 'created' | 'linked';
}

/**
 * Accepts an e-mailed invitation by its link's token (no session needed: the token proves the
 * e-mail). An existing account with that e-mail joins as it is; for a new person `password` (and
 * `name`) make the account, and without one the call fails with the server's 'invalid_request'.
 */
export async function acceptOrganisationInvitation(
  adapter: CourseAdapter,
  input: { token: string; password?: string; name?: string },
): Promise<AcceptedInvitation> {
  const transport = transportOf(adapter);
  if (!transport) {
    throw new TypeError('acceptOrganisationInvitation needs the adapter that createHttpAdapter returned');
  }
  return (await transport.call(endpoints.acceptOrganisationInvitation, {
    body: input,
  })) as AcceptedInvitation;
}

/**
 * What a reminder mail's unsubscribe link is about, read without changing anything: the
 * organisation whose reminders would stop and whether they are still on. A forged or expired token
 * fails with the server's 'invalid_request' and its message.
 */
export async function readReminderLink(adapter: CourseAdapter, token: string): Promise<ReminderLink> {
  const transport = transportOf(adapter);
  if (!transport) throw new TypeError('readReminderLink needs the adapter that createHttpAdapter returned');
  return (await transport.call(endpoints.reminderUnsubscribe, { query: { token } })) as ReminderLink;
}

/** Turns off the reminders a reminder mail's unsubscribe link names (the confirmation page's button). */
export async function turnRemindersOff(
  adapter: CourseAdapter,
  token: string,
): Promise<{ organisation: { slug: string; name: string }; reminders: 'off' }> {
  const transport = transportOf(adapter);
  if (!transport) throw new TypeError('turnRemindersOff needs the adapter that createHttpAdapter returned');
  return (await transport.call(endpoints.reminderUnsubscribePost, { query: { token } })) as {
    organisation: { slug: string; name: string };
    reminders: 'off';
  };
}

function organisationOn(transport: HttpTransport, organisationId: string): OrganisationAdapter {
  const call = <N extends ManagerEndpointName>(name: N, init: CallInit = {}) => {
    const endpoint: ManagerEndpoint = managerEndpoints[name];
    // A manager's call needs a session as a learner's does; the server checks the role.
    return transport.call(
      { ...endpoint, auth: 'user' },
      { ...init, params: { organisationId, ...init.params } },
    ) as Promise<AnswerOf<N>>;
  };
  return {
    organisationId,
    people: (query = {}) => call('orgPeople', { query: { ...query } }),
    removePerson: (userId) => call('orgRemovePerson', { params: { userId } }),
    invitations: () => call('orgInvitations'),
    invite: (input) => call('orgInvite', { body: input }),
    importPeople: (file, mode) => call('orgImport', { query: { mode }, body: file }),
    groups: () => call('orgGroups'),
    createGroup: (name) => call('orgCreateGroup', { body: { name } }),
    renameGroup: (groupId, name) => call('orgRenameGroup', { params: { groupId }, body: { name } }),
    deleteGroup: (groupId) => call('orgDeleteGroup', { params: { groupId } }),
    addGroupMember: (groupId, userId) => call('orgAddGroupMember', { params: { groupId, userId } }),
    removeGroupMember: (groupId, userId) => call('orgRemoveGroupMember', { params: { groupId, userId } }),
    assignments: () => call('orgAssignments'),
    assign: (input) => call('orgAssign', { body: input }),
    removeAssignment: (assignmentId) => call('orgRemoveAssignment', { params: { assignmentId } }),
    async courses() {
      const answer = (await transport.call(endpoints.courses)) as {
        courses: { slug: string; title: string }[];
      };
      return answer.courses.map(({ slug, title }) => ({ slug, title }));
    },
    report: (query = {}) => call('orgReport', { query: { ...query } }),
    reportCsv: (query = {}) => call('orgReportCsv', { query: { ...query } }),
    completions: (query = {}) => call('orgCompletions', { query: { ...query } }),
    identityProvider: async () => (await call('orgIdentityProvider')).identity_provider,
  };
}
