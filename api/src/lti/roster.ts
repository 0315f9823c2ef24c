import { randomUUID } from 'node:crypto';
import {
  LTI_CLAIMS,
  type LtiRoster,
  type LtiRosterMember,
  ltiRole,
  ltiRosterMessages,
  type ProgressSummary,
} from '@coursekit/core';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import { type Db, schema } from '../db/index';
import { fail } from '../http/errors';
import type { AuthInfo } from '../http/route';
import { progressStates } from '../progress/service';
import { type QuizFacts, quizFactsOf } from './grades';
import { PlatformAnswer, platformTokens, wordsOf } from './platformCalls';

// LTI Names and Role Provisioning 2.0: where a context's roster is (from a launch's claim), who may
// read it (the session of an instructor's launch in that context), and the roster itself, fetched
// from the platform with the tool's client-credentials token and joined with each member's progress.

const {
  ltiRosters: rosters,
  ltiRosterGrants: grants,
  ltiRegistrations,
  externalIdentities,
  courses,
} = schema;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const MEMBERSHIP_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
/** How long an instructor's launch may read its roster. */
const GRANT_TTL_MS = 4 * 3600_000;
/** Pages (Link rel="next") and members read at most, so one platform cannot hold a request forever. */
const MAX_PAGES = 50;
const MAX_MEMBERS = 5000;

const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 2000 && /^https?:$/.test(URL.parse(value)?.protocol ?? '');

/**
 * Records where the launch's context roster is, from its verified id_token: the NRPS claim's
 * memberships URL, the context and the course (or module) the link opens. A launch without the
 * claim, a context or a resource link records nothing. Runs in the launch's transaction; answers the
 * roster's id.
 */
export async function recordRoster(
  tx: Tx,
  launch: {
    registrationId: string;
    resourceLinkId: string | undefined;
    courseId: number;
    moduleId: number | undefined;
    claims: Record<string, unknown>;
  },
  now: Date,
): Promise<string | undefined> {
  const nrps = launch.claims[NRPS_CLAIM] as { context_memberships_url?: unknown } | undefined;
  const context = launch.claims[LTI_CLAIMS.context] as { id?: unknown; title?: unknown } | undefined;
  if (!nrps || !isHttpUrl(nrps.context_memberships_url) || !launch.resourceLinkId) return undefined;
  if (typeof context?.id !== 'string' || !context.id) return undefined;
  const values = {
    contextTitle: typeof context.title === 'string' ? context.title.slice(0, 200) : null,
    courseId: launch.courseId,
    moduleId: launch.moduleId ?? null,
    membershipsUrl: nrps.context_memberships_url,
    updatedAt: now,
  };
  const [row] = await tx
    .insert(rosters)
    .values({
      id: randomUUID(),
      registrationId: launch.registrationId,
      contextId: context.id.slice(0, 255),
      resourceLinkId: launch.resourceLinkId.slice(0, 255),
      createdAt: now,
      ...values,
    })
    .onConflictDoUpdate({
      target: [rosters.registrationId, rosters.contextId, rosters.resourceLinkId],
      set: values,
    })
    .returning({ id: rosters.id });
  return row?.id;
}

/** The session an instructor's launch opened may read that launch's roster for a few hours. */
export async function grantRoster(ctx: AppContext, sessionId: string, rosterId: string): Promise<void> {
  const expiresAt = new Date(ctx.clock.now() + GRANT_TTL_MS);
  await ctx.db
    .insert(grants)
    .values({ sessionId, rosterId, expiresAt })
    .onConflictDoUpdate({ target: [grants.sessionId, grants.rosterId], set: { expiresAt } });
}

interface NrpsMember {
  user_id: string;
  name?: string;
  email?: string;
  roles: string[];
  status: string;
}

const str = (v: unknown, max: number) => (typeof v === 'string' && v ? v.slice(0, max) : undefined);

/** The next page's URL of a Link header, if it is on the platform's own origin. */
function nextPage(link: string | null, current: string): string | undefined {
  const next = /<([^>]+)>\s*;[^,]*rel="?next"?/i.exec(link ?? '')?.[1];
  if (!next) return undefined;
  const url = URL.parse(next, current);
  // A token is never sent to another host than the one the verified launch named.
  return url && url.origin === new URL(current).origin ? url.href : undefined;
}

/** Every member of the context, page by page (Link rel="next"), in the platform's order. */
async function fetchMembers(
  ctx: AppContext,
  registration: typeof ltiRegistrations.$inferSelect,
  url: string,
): Promise<NrpsMember[]> {
  const members: NrpsMember[] = [];
  let page: string | undefined = url;
  for (let n = 0; page && n < MAX_PAGES && members.length < MAX_MEMBERS; n += 1) {
    let res: Response;
    try {
      res = await platformTokens(ctx).service(registration, NRPS_SCOPE, page, {
        headers: { accept: MEMBERSHIP_TYPE },
      });
    } catch (error) {
      if (error instanceof PlatformAnswer)
        throw fail('unavailable', ltiRosterMessages.platformRefused(error.message));
      throw error;
    }
    if (!res.ok) throw fail('unavailable', ltiRosterMessages.platformRefused(await wordsOf(res)));
    const body = (await res.json().catch(() => ({}))) as { members?: unknown };
    for (const m of Array.isArray(body.members) ? body.members : []) {
      const member = m as Record<string, unknown>;
      const userId = str(member.user_id, 255);
      if (!userId) continue;
      members.push({
        user_id: userId,
        name:
          str(member.name, 200) ??
          str([member.given_name, member.family_name].filter((p) => typeof p === 'string').join(' '), 200),
        email: str(member.email, 320),
        roles: Array.isArray(member.roles)
          ? member.roles.filter((r): r is string => typeof r === 'string')
          : [],
        status: str(member.status, 20) ?? 'Active',
      });
    }
    page = nextPage(res.headers.get('link'), page);
  }
  return members.slice(0, MAX_MEMBERS);
}

/** A launched member's standing in the linked course or module. */
function standing(summary: ProgressSummary, quiz: QuizFacts, moduleId: number | null) {
  const module = moduleId === null ? undefined : summary.modules.find((m) => m.moduleId === moduleId);
  const done = moduleId === null ? summary.completedLessons : (module?.completedLessons ?? 0);
  const total = moduleId === null ? summary.totalLessons : (module?.totalLessons ?? 0);
  const completed =
    moduleId === null
      ? quiz.hasFinalQuiz
        ? summary.courseComplete
        : summary.isComplete
      : Boolean(module && module.totalLessons > 0 && (done >= total || module.testedOut));
  return { done, total, completed };
}

/**
 * GET /lti/rosters/:rosterId: the context's members, fetched from the platform now, each with their
 * progress in the linked course (lessons done of all, the final quiz's best score, completed).
 * Members who never launched have no account here and are not_started. Only a session of an
 * instructor's launch in this context, within its grant's hours, may read it (403 for anyone else,
 * whether or not the roster exists).
 */
export async function rosterView(ctx: AppContext, auth: AuthInfo, rosterId: string): Promise<LtiRoster> {
  const now = new Date(ctx.clock.now());
  const [found] = await ctx.db
    .select({ roster: rosters, registration: ltiRegistrations, course: courses })
    .from(grants)
    .innerJoin(rosters, eq(rosters.id, grants.rosterId))
    .innerJoin(ltiRegistrations, eq(ltiRegistrations.id, rosters.registrationId))
    .innerJoin(courses, eq(courses.id, rosters.courseId))
    .where(
      and(eq(grants.sessionId, auth.sessionId), eq(grants.rosterId, rosterId), gt(grants.expiresAt, now)),
    );
  if (!found) throw fail('forbidden', ltiRosterMessages.notYours);
  const { roster, registration, course } = found;
  const members = await fetchMembers(ctx, registration, roster.membershipsUrl);
  const subjects = members.map((m) => m.user_id);
  const known = subjects.length
    ? await ctx.db
        .select({ subject: externalIdentities.subject, userId: externalIdentities.userId })
        .from(externalIdentities)
        .where(
          and(
            eq(externalIdentities.issuer, registration.issuer),
            inArray(externalIdentities.subject, subjects),
          ),
        )
    : [];
  const userOf = new Map(known.map((k) => [k.subject, k.userId]));
  // Everyone's progress and best final quiz in three statements, whatever the size of the class.
  const launchedIds = known.map((k) => k.userId);
  const [states, quizzesOf] = await Promise.all([
    progressStates(ctx, { id: course.id }, launchedIds),
    quizFactsOf(ctx, launchedIds, course.id),
  ]);
  const listed: LtiRosterMember[] = [];
  for (const member of members) {
    const userId = userOf.get(member.user_id);
    const base = {
      platform_user_id: member.user_id,
      name: member.name ?? null,
      email: member.email ?? null,
      roles: member.roles,
      role: ltiRole(member.roles),
      status: member.status,
    };
    if (!userId) {
      listed.push({
        ...base,
        launched: false,
        state: 'not_started',
        lessons_done: 0,
        lessons_total: 0,
        quiz: null,
        completed: false,
      });
      continue;
    }
    const { summary } = states.get(userId)!;
    const quiz = quizzesOf.get(userId)!;
    const { done, total, completed } = standing(summary, quiz, roster.moduleId);
    listed.push({
      ...base,
      launched: true,
      state: completed ? 'completed' : done > 0 || quiz.best ? 'in_progress' : 'not_started',
      lessons_done: done,
      lessons_total: total,
      quiz: quiz.best
        ? { ...quiz.best, percentage: Math.round((quiz.best.score / quiz.best.total) * 100) }
        : null,
      completed,
    });
  }
  return {
    roster_id: roster.id,
    context: { id: roster.contextId, title: roster.contextTitle },
    course: { slug: course.slug, title: course.title },
    module_id: roster.moduleId,
    members: listed,
    fetched_at: now.toISOString(),
  };
}
