import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { serialPasses } from '../db/serialPasses';
import { LINE_ITEM_MAXIMUM, LINE_ITEM_TAG } from './deepLinking';
import { AGS_SCOPES, type AgsScore } from './grades';
import { PlatformAnswer, platformTokens, type Registration, transientStatus, wordsOf } from './platformCalls';

const { ltiScoreSends: sends, ltiGradeLinks: links, ltiRegistrations: registrations } = schema;

/**
 * Waits before the 2nd, 3rd… attempt of a score the platform could not take (5xx, 408, 429, 401, a
 * network error); after the last, every hour until it goes through or a newer score replaces it:
 * a learner's score is never dropped because the gradebook was down.
 */
const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];
export interface ScoreOutboxOptions {
  retryDelaysMs?: number[];
  /** How often each instance looks for scores that are due (15 s); 0: no timer. */
  pollMs?: number;
  /** How long a claimed row is left to one instance before another may try it (2 min). */
  leaseMs?: number;
}

export interface ScoreOutbox {
  /** Sends every score that is due now; a call during a pass waits for one more pass. */
  flush(): Promise<void>;
  /** Access tokens asked of platforms' token endpoints since start (this instance, every service). */
  tokenRequests(): number;
  close(): void;
}

/** `{lineitem}/scores`, with the line item's query (if any) kept after the path (AGS 2.0 §3.4). */
function scoresUrl(lineItem: string): string {
  const url = new URL(lineItem);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.href;
}

type Link = typeof links.$inferSelect;

/**
 * The platforms' gradebooks' outbox: scores queued by grades.ts are sent by whichever instance claims
 * them (FOR UPDATE SKIP LOCKED and a lease, as the mail outbox and the reminders do), at once and
 * then with backoff. The access token comes from the platform's token endpoint by client credentials
 * with a private_key_jwt assertion signed by the tool's key, and is cached per registration and
 * scope until shortly before it expires. A 4xx refusal ("cannot grade this user", 404 in student
 * view) is recorded as failed with the platform's words and not tried again.
 */
export function scoreOutbox(ctx: AppContext, options: ScoreOutboxOptions = {}): ScoreOutbox {
  const { db, logger } = ctx;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const leaseMs = options.leaseMs ?? 120_000;
  const tokens = platformTokens(ctx);
  const service = tokens.service;

  /**
   * The link's line item: the launch's, or the one found in the launch's container by the resource
   * link and CourseKit's tag, or one created there (the found or created one is kept on the link).
   */
  const lineItemOf = async (registration: Registration, link: Link): Promise<string> => {
    if (link.lineItemUrl) return link.lineItemUrl;
    const scopes = link.scopes.split(' ');
    if (!link.lineItemsUrl || !scopes.includes(AGS_SCOPES.lineItem))
      throw new PlatformAnswer(
        null,
        'The platform gave this link no line item and no right to create one.',
        false,
      );
    const scope = AGS_SCOPES.lineItem;
    const query = new URL(link.lineItemsUrl);
    query.searchParams.set('resource_link_id', link.resourceLinkId);
    query.searchParams.set('tag', LINE_ITEM_TAG);
    const listed = await service(registration, scope, query.href, {
      headers: { accept: 'application/vnd.ims.lis.v2.lineitemcontainer+json' },
    });
    if (!listed.ok)
      throw new PlatformAnswer(listed.status, await wordsOf(listed), transientStatus(listed.status));
    const items = (await listed.json()) as Array<{ id?: unknown; resourceLinkId?: unknown; tag?: unknown }>;
    let id = (Array.isArray(items) ? items : []).find(
      (i) => i.resourceLinkId === link.resourceLinkId && (i.tag === undefined || i.tag === LINE_ITEM_TAG),
    )?.id;
    if (typeof id !== 'string') {
      const created = await service(registration, scope, link.lineItemsUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/vnd.ims.lis.v2.lineitem+json',
          accept: 'application/vnd.ims.lis.v2.lineitem+json',
        },
        body: JSON.stringify({
          scoreMaximum: LINE_ITEM_MAXIMUM,
          label: link.label,
          resourceLinkId: link.resourceLinkId,
          tag: LINE_ITEM_TAG,
        }),
      });
      if (!created.ok)
        throw new PlatformAnswer(created.status, await wordsOf(created), transientStatus(created.status));
      id = ((await created.json()) as { id?: unknown }).id;
    }
    if (typeof id !== 'string' || !URL.canParse(id))
      throw new PlatformAnswer(null, 'The platform answered a line item without an id.', true);
    await db.update(links).set({ lineItemUrl: id }).where(eq(links.id, link.id));
    return id;
  };

  const deliverOne = async (row: typeof sends.$inferSelect) => {
    const attempts = row.attempts + 1;
    const [found] = await db
      .select({ link: links, registration: registrations })
      .from(links)
      .innerJoin(registrations, eq(registrations.id, links.registrationId))
      .where(eq(links.id, row.linkId));
    try {
      if (!found) throw new PlatformAnswer(null, 'The grade link is gone.', false);
      const { link, registration } = found;
      const lineItem = await lineItemOf(registration, link);
      const res = await service(registration, AGS_SCOPES.score, scoresUrl(lineItem), {
        method: 'POST',
        headers: { 'content-type': 'application/vnd.ims.lis.v1.score+json' },
        body: JSON.stringify(row.score as AgsScore),
      });
      if (!res.ok) throw new PlatformAnswer(res.status, await wordsOf(res), transientStatus(res.status));
      await res.body?.cancel();
      await db
        .update(sends)
        .set({
          status: 'sent',
          attempts,
          sentAt: new Date(ctx.clock.now()),
          lastError: null,
          lastStatus: res.status,
        })
        .where(eq(sends.id, row.id));
    } catch (err) {
      const answer =
        err instanceof PlatformAnswer
          ? err
          : new PlatformAnswer(null, err instanceof Error ? err.message : String(err), true);
      const delay = delays[Math.min(attempts, delays.length) - 1] ?? 3_600_000;
      // Still pending unless a newer score superseded it meanwhile.
      await db
        .update(sends)
        .set({
          status: answer.transient ? 'pending' : 'failed',
          attempts,
          lastError: answer.message.slice(0, 500),
          lastStatus: answer.status,
          nextAttemptAt: new Date(ctx.clock.now() + delay),
        })
        .where(and(eq(sends.id, row.id), eq(sends.status, 'pending')));
      logger.warn(
        {
          scoreSendId: row.id,
          attempts,
          status: answer.status,
          retried: answer.transient,
          error: answer.message,
        },
        'LTI score not delivered',
      );
    }
  };

  const deliverDue = async () => {
    // A pass takes rows due when it began: a score that just failed waits for its backoff.
    const passStart = new Date(ctx.clock.now());
    for (;;) {
      const claimed = await db
        .update(sends)
        .set({ nextAttemptAt: new Date(ctx.clock.now() + leaseMs) })
        .where(
          sql`${sends.id} in (select id from ${sends} where ${sends.status} = 'pending'
            and ${sends.nextAttemptAt} <= ${passStart.toISOString()}::timestamptz order by id limit 10 for update skip locked)`,
        )
        .returning();
      if (claimed.length === 0) return;
      claimed.sort((a, b) => a.id - b.id);
      for (const row of claimed) await deliverOne(row);
    }
  };

  const passes = serialPasses(deliverDue, (err) =>
    logger.warn({ err }, 'LTI score outbox: could not read due scores; will retry'),
  );
  const { flush } = passes;

  const timer = options.pollMs === 0 ? undefined : setInterval(() => void flush(), options.pollMs ?? 15_000);
  timer?.unref();
  return {
    flush,
    tokenRequests: tokens.requests,
    close() {
      passes.close();
      if (timer) clearInterval(timer);
    },
  };
}
