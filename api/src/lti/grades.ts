import {
  type LtiScoreDeliveries,
  type LtiScoreStatus,
  ltiMessages,
  type ProgressSummary,
} from '@coursekit/core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { type Db, schema } from '../db/index';
import { fail } from '../http/errors';
import { progressState } from '../progress/service';

const {
  ltiGradeLinks: links,
  ltiScoreSends: sends,
  ltiRegistrations: registrations,
  quizAttempts,
  quizzes,
} = schema;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The AGS claim of a launch and the scopes of AGS (LTI Assignment and Grade Services 2.0). */
const AGS_CLAIM = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
export const AGS_SCOPES = {
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
} as const;

/** The AGS Score a platform receives (the body of POST {lineitem}/scores). */
export interface AgsScore {
  /** The platform's own id of the learner: the `sub` of the verified launch, never a request's. */
  userId: string;
  /** Points (not a percent) out of scoreMaximum; the platform scales them to its line item's maximum. */
  scoreGiven?: number;
  scoreMaximum?: number;
  activityProgress: 'Initialized' | 'Started' | 'InProgress' | 'Submitted' | 'Completed';
  gradingProgress: 'FullyGraded' | 'Pending' | 'PendingManual' | 'Failed' | 'NotReady';
  timestamp: string;
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2000) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Records where this learner's scores for this resource link go, from the launch's verified
 * id_token: the platform's user id, the line item (or the container to find or create it in) and
 * the scopes granted. A launch without the AGS claim, or without the score scope, records nothing
 * (the platform takes no scores from this link). Runs in the launch's transaction.
 */
export async function recordGradeLink(
  tx: Tx,
  launch: {
    registrationId: string;
    userId: string;
    courseId: number;
    moduleId: number | undefined;
    resourceLinkId: string | undefined;
    sub: string;
    claims: Record<string, unknown>;
    label: string;
  },
  now: Date,
): Promise<void> {
  const ags = launch.claims[AGS_CLAIM] as
    | { scope?: unknown; lineitem?: unknown; lineitems?: unknown }
    | undefined;
  if (!ags || typeof ags !== 'object' || !launch.resourceLinkId) return;
  const scopes = Array.isArray(ags.scope) ? ags.scope.filter((s): s is string => typeof s === 'string') : [];
  if (!scopes.includes(AGS_SCOPES.score)) return;
  const lineItemUrl = isHttpUrl(ags.lineitem) ? ags.lineitem : null;
  const lineItemsUrl = isHttpUrl(ags.lineitems) ? ags.lineitems : null;
  if (!lineItemUrl && !lineItemsUrl) return;
  const values = {
    courseId: launch.courseId,
    moduleId: launch.moduleId ?? null,
    platformUserId: launch.sub,
    lineItemUrl,
    lineItemsUrl,
    scopes: scopes.join(' ').slice(0, 2000),
    label: launch.label.slice(0, 200),
    updatedAt: now,
  };
  await tx
    .insert(links)
    .values({
      registrationId: launch.registrationId,
      userId: launch.userId,
      resourceLinkId: launch.resourceLinkId.slice(0, 255),
      createdAt: now,
      ...values,
    })
    .onConflictDoUpdate({ target: [links.registrationId, links.userId, links.resourceLinkId], set: values });
}

/** The best completed attempt of the course's final quiz (score = correct answers), if any. */
export interface QuizFacts {
  hasFinalQuiz: boolean;
  best: { score: number; total: number } | undefined;
}

/**
 * The score a grade link sends now. Points throughout: a final quiz's score is its number of correct
 * answers out of its number of questions (the best attempt: a retake never lowers the grade);
 * a module, or a course without a final quiz, scores its lessons, all of them once complete. A
 * score exists only once it is final, and then it is FullyGraded even when it is 0 (a 0 is a grade,
 * not "needs grading"); before that the platform hears the progress only (NotReady, no scoreGiven).
 */
function scoreOf(
  link: { moduleId: number | null; platformUserId: string },
  summary: ProgressSummary,
  quiz: QuizFacts,
  timestamp: string,
): AgsScore {
  const base = { userId: link.platformUserId, timestamp };
  const progress = summary.hasStarted ? 'InProgress' : 'Initialized';
  if (link.moduleId !== null) {
    const module = summary.modules.find((m) => m.moduleId === link.moduleId);
    const done =
      module &&
      module.totalLessons > 0 &&
      (module.completedLessons >= module.totalLessons || module.testedOut);
    if (module && done)
      return {
        ...base,
        scoreGiven: module.totalLessons,
        scoreMaximum: module.totalLessons,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
      };
    return {
      ...base,
      activityProgress: module?.completedLessons ? 'InProgress' : progress,
      gradingProgress: 'NotReady',
    };
  }
  if (quiz.best)
    return {
      ...base,
      scoreGiven: quiz.best.score,
      scoreMaximum: quiz.best.total,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    };
  if (!quiz.hasFinalQuiz && summary.isComplete)
    return {
      ...base,
      scoreGiven: summary.totalLessons,
      scoreMaximum: summary.totalLessons,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    };
  return { ...base, activityProgress: progress, gradingProgress: 'NotReady' };
}

async function quizFacts(ctx: AppContext, userId: string, courseId: number): Promise<QuizFacts> {
  return (await quizFactsOf(ctx, [userId], courseId)).get(userId)!;
}

/** quizFacts of many learners of one course, by their ids: two statements whatever their number. */
export async function quizFactsOf(
  ctx: AppContext,
  userIds: readonly string[],
  courseId: number,
): Promise<Map<string, QuizFacts>> {
  const [final] = await ctx.db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(and(eq(quizzes.courseId, courseId), eq(quizzes.kind, 'course')));
  if (!final) return new Map(userIds.map((id) => [id, { hasFinalQuiz: false, best: undefined }]));
  const bests = userIds.length
    ? await ctx.db
        .selectDistinctOn([quizAttempts.userId], {
          userId: quizAttempts.userId,
          score: quizAttempts.score,
          total: quizAttempts.totalQuestions,
        })
        .from(quizAttempts)
        .where(
          and(
            inArray(quizAttempts.userId, [...userIds]),
            eq(quizAttempts.quizId, final.id),
            sql`${quizAttempts.completedAt} is not null`,
          ),
        )
        .orderBy(quizAttempts.userId, desc(quizAttempts.percentage), desc(quizAttempts.score))
    : [];
  const bestOf = new Map(bests.map((b) => [b.userId, b]));
  return new Map(
    userIds.map((id) => {
      const best = bestOf.get(id);
      return [
        id,
        {
          hasFinalQuiz: true,
          best: best && best.total > 0 ? { score: best.score, total: best.total } : undefined,
        },
      ];
    }),
  );
}

/**
 * After a learner's progress or quiz changed in a course: for every grade link the learner has in
 * it, the score of now goes into the outbox, superseding the link's unsent older one, in one
 * transaction. Answers how many were queued (0 for a learner who never launched over LTI: one
 * indexed read).
 */
async function queueScores(ctx: AppContext, userId: string, courseId: number): Promise<number> {
  const found = await ctx.db
    .select()
    .from(links)
    .where(and(eq(links.userId, userId), eq(links.courseId, courseId)));
  if (found.length === 0) return 0;
  const [{ summary }, quiz] = await Promise.all([
    progressState(ctx, { id: courseId }, userId),
    quizFacts(ctx, userId, courseId),
  ]);
  const now = new Date(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    for (const link of found) {
      await tx
        .update(sends)
        .set({ status: 'superseded' })
        .where(and(eq(sends.linkId, link.id), eq(sends.status, 'pending')));
      await tx.insert(sends).values({
        linkId: link.id,
        registrationId: link.registrationId,
        score: scoreOf(link, summary, quiz, now.toISOString()),
        nextAttemptAt: now,
        createdAt: now,
      });
    }
  });
  return found.length;
}

/**
 * The hook of the progress and quiz routes, after the learner's change is written: queues the
 * learner's scores in that course (a quiz attempt names its course) and wakes the outbox. The
 * learner's answer never waits for, or fails with, a platform; a queueing error is logged and the
 * next change queues the score of then.
 */
export async function scoresChanged(
  ctx: AppContext,
  userId: string,
  where: number | { attemptId: number },
): Promise<void> {
  try {
    let courseId = typeof where === 'number' ? where : undefined;
    if (typeof where !== 'number') {
      const [row] = await ctx.db
        .select({ courseId: quizAttempts.courseId })
        .from(quizAttempts)
        .where(and(eq(quizAttempts.id, where.attemptId), eq(quizAttempts.userId, userId)));
      courseId = row?.courseId;
    }
    if (courseId === undefined) return;
    if ((await queueScores(ctx, userId, courseId)) > 0) void ctx.ltiScores?.flush();
  } catch (err) {
    ctx.logger.warn({ err, userId }, 'LTI scores not queued');
  }
}

const LISTED = 100;

/** A registration's last score deliveries, newest first, and how many there are of each status. */
export async function scoreDeliveries(
  ctx: AppContext,
  registrationId: string,
  status: LtiScoreStatus | undefined,
): Promise<LtiScoreDeliveries> {
  const [registration] = await ctx.db
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  if (!registration) throw fail('not_found', ltiMessages.registrationNotFound);
  const rows = await ctx.db
    .select({ send: sends, link: links })
    .from(sends)
    .innerJoin(links, eq(links.id, sends.linkId))
    .where(and(eq(sends.registrationId, registrationId), status ? eq(sends.status, status) : undefined))
    .orderBy(desc(sends.id))
    .limit(LISTED);
  const counted = await ctx.db
    .select({ status: sends.status, n: sql<number>`count(*)::int` })
    .from(sends)
    .where(eq(sends.registrationId, registrationId))
    .groupBy(sends.status);
  const counts = { pending: 0, sent: 0, failed: 0, superseded: 0 };
  for (const c of counted) counts[c.status] = Number(c.n);
  return {
    counts,
    items: rows.map(({ send, link }) => {
      const score = send.score as AgsScore;
      return {
        id: send.id,
        status: send.status,
        attempts: send.attempts,
        last_error: send.lastError,
        last_status: send.lastStatus,
        user_id: link.userId,
        platform_user_id: link.platformUserId,
        resource_link_id: link.resourceLinkId,
        line_item: link.lineItemUrl,
        score_given: score.scoreGiven ?? null,
        score_maximum: score.scoreMaximum ?? null,
        activity_progress: score.activityProgress,
        grading_progress: score.gradingProgress,
        timestamp: score.timestamp,
        created_at: send.createdAt.toISOString(),
        next_attempt_at: send.status === 'pending' ? send.nextAttemptAt.toISOString() : null,
        sent_at: send.sentAt?.toISOString() ?? null,
      };
    }),
  };
}
