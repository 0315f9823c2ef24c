import * as z from 'zod/mini';
import { pageRangeMessage } from '../adminMessages';
import { ASSIGNMENT_STATUSES } from '../organisations/assignmentStatus';
import { MAX_PAGE, MAX_PAGE_SIZE } from '../rules/paging';
import { OrganisationRoleSchema } from './organisations';
import { COURSE_SLUG_PATTERN } from './studio';
import { textInput } from './text';

// What a manager of an organisation reads and sends: its people and invitations, groups (teams,
// cohorts), course assignments with due dates, the people import, and the report.

const pageNumber = (max: number) => {
  const error = pageRangeMessage(max);
  return z.optional(z.coerce.number().check(z.int({ error }), z.gte(1, { error }), z.lte(max, { error })));
};
const uuid = (message: string) => z.uuid({ error: message });
const courseSlug = textInput()
  .check(z.regex(COURSE_SLUG_PATTERN, 'Not a course slug'))
  .register(z.globalRegistry, { examples: ['data-literacy'] });

export const OrgPeopleQuerySchema = z.strictObject({
  search: z.optional(textInput().check(z.maxLength(200))),
  page: pageNumber(MAX_PAGE),
  pageSize: pageNumber(MAX_PAGE_SIZE),
});

export const OrgPersonSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  display_name: z.nullable(z.string()),
  role: OrganisationRoleSchema,
  joined_at: z.string(),
  groups: z.array(z.string()),
});
export type OrgPerson = z.infer<typeof OrgPersonSchema>;

export const OrgInviteBodySchema = z.strictObject({
  email: textInput()
    .check(z.maxLength(320))
    .register(z.globalRegistry, { examples: ['ann@example.com'] }),
  name: z.optional(textInput().check(z.maxLength(200))),
  role: z.optional(OrganisationRoleSchema),
});
export type OrgInviteBody = z.infer<typeof OrgInviteBodySchema>;

export const OrgInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  role: OrganisationRoleSchema,
  group: z.nullable(z.string()),
  created_at: z.string(),
  accepted_at: z.nullable(z.string()),
});
export type OrgInvitation = z.infer<typeof OrgInvitationSchema>;

/** Accepting an e-mailed invitation: the token proves the e-mail; a new person also sets a password. */
export const AcceptInvitationBodySchema = z.strictObject({
  token: textInput().check(z.minLength(1), z.maxLength(200)),
  password: z.optional(textInput()),
  name: z.optional(textInput().check(z.maxLength(200))),
});
export const AcceptInvitationAnswerSchema = z.object({
  organisation: z.object({ slug: z.string(), name: z.string() }),
  email: z.string(),
  /** 'created': a new account with the password given; 'linked': the existing account joined. */
  account: z.enum(['created', 'linked']),
});

/** One organisation the signed-in person belongs to, with their role in it (`GET /me/organisations`). */
export const MyOrganisationSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  role: OrganisationRoleSchema,
});
export type MyOrganisation = z.infer<typeof MyOrganisationSchema>;
export const MyOrganisationsAnswerSchema = z.object({ organisations: z.array(MyOrganisationSchema) });

/** The link in every reminder: its signed token names the person and the organisation. */
export const ReminderUnsubscribeQuerySchema = z.strictObject({ token: textInput() });

/**
 * What a reminder's link is about, read without changing anything (the confirmation page shows it):
 * the organisation whose reminders would stop, and whether they are still on for the person.
 */
export const ReminderLinkAnswerSchema = z.object({
  organisation: z.object({ slug: z.string(), name: z.string() }),
  reminders: z.enum(['on', 'off']),
});
export type ReminderLink = z.infer<typeof ReminderLinkAnswerSchema>;

/** Reminders turned off: the organisation whose reminders the person no longer gets. */
export const ReminderUnsubscribeAnswerSchema = z.object({
  organisation: z.object({ slug: z.string(), name: z.string() }),
  reminders: z.literal('off'),
});

export const OrgImportQuerySchema = z.strictObject({
  /** 'preview' (the default) checks every row and writes nothing; 'apply' writes the good rows. */
  mode: z.optional(z.enum(['preview', 'apply'])),
});
const OrgImportRowSchema = z.object({
  line: z.number(),
  email: z.string(),
  kind: z.enum(['invite', 'no_change', 'error']),
  message: z.optional(z.string()),
  name: z.optional(z.nullable(z.string())),
  group: z.optional(z.nullable(z.string())),
});
export const OrgImportResultSchema = z.object({
  applied: z.boolean(),
  counts: z.object({ invite: z.number(), no_change: z.number(), error: z.number() }),
  rows: z.array(OrgImportRowSchema),
  /** A problem with the whole file (its header), when there is one; then no row is read. */
  error: z.optional(z.string()),
});
export type OrgImportResult = z.infer<typeof OrgImportResultSchema>;

const groupName = textInput().check(z.minLength(1, 'Enter a group name'), z.maxLength(100));
export const OrgGroupBodySchema = z.strictObject({ name: groupName });
export const OrgGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  members: z.number(),
  created_at: z.string(),
});
export type OrgGroup = z.infer<typeof OrgGroupSchema>;

/**
 * The organisation's identity provider as its managers see it (read only): who signs its people in,
 * for which e-mail domains, and whether it is on. Never the client id's secret, which stays sealed.
 */
export const OrgIdentityProviderSchema = z.object({
  issuer: z.string(),
  domains: z.array(z.string()),
  enabled: z.boolean(),
});
export type OrgIdentityProvider = z.infer<typeof OrgIdentityProviderSchema>;
export const OrgIdentityProviderAnswerSchema = z.object({
  identity_provider: z.nullable(OrgIdentityProviderSchema),
});

const dueDate = textInput()
  .check(
    z.regex(
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/,
      'A date like 2026-03-31',
    ),
  )
  .register(z.globalRegistry, { examples: ['2026-03-31'] });
export const OrgAssignBodySchema = z
  .strictObject({
    course: courseSlug,
    user_ids: z.optional(z.array(uuid('Not a person id')).check(z.maxLength(1000))),
    group_ids: z.optional(z.array(uuid('Not a group id')).check(z.maxLength(100))),
    due_at: z.optional(z.nullable(dueDate)),
  })
  .check(
    z.refine((v) => (v.user_ids?.length ?? 0) + (v.group_ids?.length ?? 0) > 0, {
      message: 'Choose people or groups to assign the course to',
      path: ['user_ids'],
    }),
  );
export type OrgAssignBody = z.infer<typeof OrgAssignBodySchema>;

export const OrgAssignmentSchema = z.object({
  id: z.string(),
  course: z.string(),
  course_title: z.string(),
  user_id: z.nullable(z.string()),
  email: z.nullable(z.string()),
  group_id: z.nullable(z.string()),
  group: z.nullable(z.string()),
  due_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type OrgAssignment = z.infer<typeof OrgAssignmentSchema>;

export const OrgReportQuerySchema = z.strictObject({
  status: z.optional(z.enum(ASSIGNMENT_STATUSES)),
  group: z.optional(uuid('Not a group id')),
  course: z.optional(courseSlug),
  sort: z.optional(z.enum(['email', 'course', 'status', 'due_at', 'completed_at', 'score'])),
  dir: z.optional(z.enum(['asc', 'desc'])),
  page: pageNumber(MAX_PAGE),
  pageSize: pageNumber(MAX_PAGE_SIZE),
});
export type OrgReportQuery = z.infer<typeof OrgReportQuerySchema>;

export const OrgReportRowSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  display_name: z.nullable(z.string()),
  course: z.string(),
  course_title: z.string(),
  status: z.enum(ASSIGNMENT_STATUSES),
  due_at: z.nullable(z.string()),
  completed_at: z.nullable(z.string()),
  /** The best percentage of the course's final quiz, when attempted. */
  score: z.nullable(z.number()),
});
export type OrgReportRow = z.infer<typeof OrgReportRowSchema>;

export const OrgCompletionsQuerySchema = z.strictObject({
  course: z.optional(courseSlug),
  days: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(366))),
});
export const OrgCompletionsSchema = z.array(z.object({ day: z.string(), completed: z.number() }));
