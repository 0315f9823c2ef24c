import * as z from 'zod/mini';
import type { CourseErrorCode } from '../errors';
import { pageSchema } from '../schemas/admin';
import {
  OrgAssignBodySchema,
  OrgAssignmentSchema,
  OrgCompletionsQuerySchema,
  OrgCompletionsSchema,
  OrgGroupBodySchema,
  OrgGroupSchema,
  OrgIdentityProviderAnswerSchema,
  OrgImportQuerySchema,
  OrgImportResultSchema,
  OrgInvitationSchema,
  OrgInviteBodySchema,
  OrgPeopleQuerySchema,
  OrgPersonSchema,
  OrgReportQuerySchema,
  OrgReportRowSchema,
} from '../schemas/organisationManagers';

// The organisation manager's calls: every path under /organisations/:organisationId, for a manager
// of that organisation or a platform admin (401 without a session, 403 for anyone else, whatever
// the id names, so a caller learns nothing of an organisation that is not theirs). Each runs in the
// organisation's row-level-security scope and is written to the audit log with the organisation.

export interface ManagerEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  auth: 'manager';
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** The answer's schema; absent for 204 No Content and for a CSV file. */
  answer?: z.ZodMiniType;
  status?: 201;
  /** A file of this media type instead of JSON, sent as an attachment. */
  produces?: 'text/csv';
  /** The request body is a file of this media type instead of JSON (the people import), streamed. */
  consumes?: 'text/csv';
  errors?: readonly CourseErrorCode[];
  summary: string;
}

const m = <const T extends ManagerEndpoint>(endpoint: T): T => endpoint;
const ORG = '/organisations/:organisationId';

export const managerEndpoints = {
  orgPeople: m({
    method: 'GET',
    path: `${ORG}/people`,
    auth: 'manager',
    query: OrgPeopleQuerySchema,
    answer: pageSchema(OrgPersonSchema),
    summary:
      'A page of the organisation’s people (managers first, then by e-mail), searched by e-mail or name',
  }),
  orgRemovePerson: m({
    method: 'DELETE',
    path: `${ORG}/people/:userId`,
    auth: 'manager',
    errors: ['not_found'],
    summary:
      'Take a person out of the organisation (their groups and assignments here go too); their account and learning record stay',
  }),
  orgInvitations: m({
    method: 'GET',
    path: `${ORG}/invitations`,
    auth: 'manager',
    answer: z.array(OrgInvitationSchema),
    summary: 'The organisation’s invitations, newest first, accepted or pending',
  }),
  orgInvite: m({
    method: 'POST',
    path: `${ORG}/invitations`,
    auth: 'manager',
    body: OrgInviteBodySchema,
    answer: OrgInvitationSchema,
    status: 201,
    errors: ['conflict'],
    summary:
      'Invite a person by e-mail: a mail with an accept link goes out (409 when already a member or invited, or no seat is left)',
  }),
  orgImport: m({
    method: 'POST',
    path: `${ORG}/import`,
    auth: 'manager',
    query: OrgImportQuerySchema,
    consumes: 'text/csv',
    answer: OrgImportResultSchema,
    summary:
      'Import people from a CSV (email,name,group; UTF-8, a BOM and CRLF line ends read): mode=preview answers each row’s outcome and writes nothing, mode=apply invites the good rows; a second upload of the same file changes nothing',
  }),
  orgGroups: m({
    method: 'GET',
    path: `${ORG}/groups`,
    auth: 'manager',
    answer: z.array(OrgGroupSchema),
    summary: 'The organisation’s groups (teams, cohorts), by name, with their member counts',
  }),
  orgCreateGroup: m({
    method: 'POST',
    path: `${ORG}/groups`,
    auth: 'manager',
    body: OrgGroupBodySchema,
    answer: OrgGroupSchema,
    status: 201,
    errors: ['conflict'],
    summary: 'Create a group (409 when the organisation has one of that name)',
  }),
  orgRenameGroup: m({
    method: 'PATCH',
    path: `${ORG}/groups/:groupId`,
    auth: 'manager',
    body: OrgGroupBodySchema,
    answer: OrgGroupSchema,
    errors: ['not_found', 'conflict'],
    summary: 'Rename a group',
  }),
  orgDeleteGroup: m({
    method: 'DELETE',
    path: `${ORG}/groups/:groupId`,
    auth: 'manager',
    errors: ['not_found'],
    summary: 'Delete a group and its assignments; its people stay in the organisation',
  }),
  orgAddGroupMember: m({
    method: 'PUT',
    path: `${ORG}/groups/:groupId/members/:userId`,
    auth: 'manager',
    errors: ['not_found'],
    summary: 'Put a person of the organisation in a group',
  }),
  orgRemoveGroupMember: m({
    method: 'DELETE',
    path: `${ORG}/groups/:groupId/members/:userId`,
    auth: 'manager',
    errors: ['not_found'],
    summary: 'Take a person out of a group',
  }),
  orgAssignments: m({
    method: 'GET',
    path: `${ORG}/assignments`,
    auth: 'manager',
    answer: z.array(OrgAssignmentSchema),
    summary: 'The organisation’s course assignments, to people and to groups',
  }),
  orgAssign: m({
    method: 'POST',
    path: `${ORG}/assignments`,
    auth: 'manager',
    body: OrgAssignBodySchema,
    answer: z.array(OrgAssignmentSchema),
    status: 201,
    errors: ['not_found'],
    summary:
      'Assign a course to people or groups of the organisation, with an optional due date (an existing assignment takes the new due date)',
  }),
  orgRemoveAssignment: m({
    method: 'DELETE',
    path: `${ORG}/assignments/:assignmentId`,
    auth: 'manager',
    errors: ['not_found'],
    summary: 'Remove an assignment; the learning record stays',
  }),
  orgReport: m({
    method: 'GET',
    path: `${ORG}/report`,
    auth: 'manager',
    query: OrgReportQuerySchema,
    answer: pageSchema(OrgReportRowSchema),
    summary:
      'A page of the report: per person and assigned course, status (not_started, in_progress, completed, overdue), due and completion dates, final-quiz score; filtered by status, group and course, sorted',
  }),
  orgReportCsv: m({
    method: 'GET',
    path: `${ORG}/report/csv`,
    auth: 'manager',
    query: OrgReportQuerySchema,
    produces: 'text/csv',
    summary:
      'The whole report (same filters and sort, no paging) as CSV; a cell that would start a formula is written as text',
  }),
  orgCompletions: m({
    method: 'GET',
    path: `${ORG}/report/completions`,
    auth: 'manager',
    query: OrgCompletionsQuerySchema,
    answer: OrgCompletionsSchema,
    summary: 'Completions of assigned courses per day (UTC), for the last `days` days (30 by default)',
  }),
  orgIdentityProvider: m({
    method: 'GET',
    path: `${ORG}/identity-provider`,
    auth: 'manager',
    answer: OrgIdentityProviderAnswerSchema,
    summary:
      'The organisation’s identity provider, read only: its issuer, the e-mail domains it claims and whether it is enabled (never its client secret), or null',
  }),
} as const satisfies Record<string, ManagerEndpoint>;
