import type { Page } from '../schemas/admin';
import type {
  OrgAssignBody,
  OrgAssignment,
  OrgGroup,
  OrgIdentityProvider,
  OrgImportResult,
  OrgInvitation,
  OrgInviteBody,
  OrgPerson,
  OrgReportQuery,
  OrgReportRow,
} from '../schemas/organisationManagers';

/** A course a manager can assign: its slug and title. */
export interface AssignableCourse {
  slug: string;
  title: string;
}

/** Completions of assigned courses on one day (UTC, `YYYY-MM-DD`). */
export interface OrgCompletionDay {
  day: string;
  completed: number;
}

/**
 * The managers' part of CourseKit for one organisation: its people and invitations, the CSV import,
 * groups, course assignments with due dates, and the report. Every call is checked on the server:
 * without a session it fails with a `CourseError` 'unauthorized', for anyone who is neither a manager
 * of the organisation nor an admin with 'forbidden'.
 *
 * @example
 * ```ts
 * import { createHttpAdapter, createHttpOrganisation } from '@coursekit/core/http';
 *
 * const adapter = createHttpAdapter({ baseUrl: '/api', storage: localStorage });
 * const organisation = createHttpOrganisation(adapter, organisationId);
 * await organisation.invite({ email: 'ann@example.com' });
 * ```
 */
export interface OrganisationAdapter {
  /** The organisation's id, as the API names it. */
  readonly organisationId: string;
  /** A page of its people, managers first, then by e-mail; searched by e-mail or name. */
  people(query?: { search?: string; page?: number; pageSize?: number }): Promise<Page<OrgPerson>>;
  /** Takes a person out of the organisation (its groups and assignments too); their learning record stays. */
  removePerson(userId: string): Promise<void>;
  /** Its invitations, newest first, accepted or pending. */
  invitations(): Promise<OrgInvitation[]>;
  /** Invites one person by e-mail; 'conflict' when already a member or invited, or no seat is left. */
  invite(input: OrgInviteBody): Promise<OrgInvitation>;
  /** Reads a CSV of people (email,name,group): 'preview' writes nothing, 'apply' invites the good rows. */
  importPeople(file: Blob, mode: 'preview' | 'apply'): Promise<OrgImportResult>;
  /** Its groups, by name, with member counts. */
  groups(): Promise<OrgGroup[]>;
  /** A new group; 'conflict' when the name is taken. */
  createGroup(name: string): Promise<OrgGroup>;
  /** Renames a group. */
  renameGroup(groupId: string, name: string): Promise<OrgGroup>;
  /** Deletes a group and its assignments; its people stay. */
  deleteGroup(groupId: string): Promise<void>;
  /** Puts a person of the organisation in a group. */
  addGroupMember(groupId: string, userId: string): Promise<void>;
  /** Takes a person out of a group. */
  removeGroupMember(groupId: string, userId: string): Promise<void>;
  /** Its course assignments, to people and to groups. */
  assignments(): Promise<OrgAssignment[]>;
  /** Assigns a course to people or groups with an optional due date; answers the assignments made or changed. */
  assign(input: OrgAssignBody): Promise<OrgAssignment[]>;
  /** Removes an assignment; the learning record stays. */
  removeAssignment(assignmentId: string): Promise<void>;
  /** The courses a manager can assign (the platform's published courses). */
  courses(): Promise<AssignableCourse[]>;
  /** A page of the report: per person and assigned course, filtered and sorted. */
  report(query?: OrgReportQuery): Promise<Page<OrgReportRow>>;
  /** The whole report (same filters and sort) as the server's CSV text, formula cells guarded. */
  reportCsv(query?: Omit<OrgReportQuery, 'page' | 'pageSize'>): Promise<string>;
  /** Completions per day (UTC) over the last `days` days (30 by default). */
  completions(query?: { course?: string; days?: number }): Promise<OrgCompletionDay[]>;
  /** Its identity provider, read only (issuer, claimed domains, enabled; never the secret), or null. */
  identityProvider(): Promise<OrgIdentityProvider | null>;
}
