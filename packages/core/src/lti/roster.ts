import * as z from 'zod/mini';

// LTI Names and Role Provisioning: the roster an instructor sees after a launch from the LMS, each
// member of the LMS's context with their progress in the course the link opens.

/** Where a member stands: never launched the link, launched and working, or done. */
const LtiRosterStateSchema = z.enum(['not_started', 'in_progress', 'completed']);
export type LtiRosterState = z.infer<typeof LtiRosterStateSchema>;

const LtiRosterMemberSchema = z.object({
  /** The platform's id of the member (a launch's `sub`). */
  platform_user_id: z.string(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /** The member's LTI roles in the context, as the platform lists them. */
  roles: z.array(z.string()),
  /** 'instructor' when a role is an instructor's (or an administrator's), else 'learner'. */
  role: z.enum(['instructor', 'learner']),
  /** The platform's membership status: Active, Inactive or Deleted. */
  status: z.string(),
  /** Whether the member has launched the link at least once (else they have no account here yet). */
  launched: z.boolean(),
  state: LtiRosterStateSchema,
  /** Lessons done and in all, of the module the link opens or of the whole course. */
  lessons_done: z.number(),
  lessons_total: z.number(),
  /** The best completed attempt of the course's final quiz (correct answers of questions); null: none. */
  quiz: z.nullable(z.object({ score: z.number(), total: z.number(), percentage: z.number() })),
  completed: z.boolean(),
});
export type LtiRosterMember = z.infer<typeof LtiRosterMemberSchema>;

/** GET /lti/rosters/:rosterId: the context's members and their progress, fetched from the platform now. */
export const LtiRosterSchema = z.object({
  roster_id: z.string(),
  context: z.object({ id: z.string(), title: z.nullable(z.string()) }),
  course: z.object({ slug: z.string(), title: z.string() }),
  /** The module the link opens; null: the whole course. */
  module_id: z.nullable(z.number()),
  members: z.array(LtiRosterMemberSchema),
  fetched_at: z.string(),
});
export type LtiRoster = z.infer<typeof LtiRosterSchema>;

export const ltiRosterMessages = {
  notYours:
    'Only an instructor who opened this class from the LMS can see its roster. Open the course again from the LMS as its instructor.',
  platformRefused: (why: string) => `The LMS did not give the class roster: ${why}`,
} as const;
