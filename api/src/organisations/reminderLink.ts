import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { endpoints, type ReminderLink, reminderLinkInvalid } from '@coursekit/core';
import { and, eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { inOrganisation, PLATFORM } from './scope';

const { organisations, reminderOptOuts } = schema;

/** How long a reminder's link to turn reminders off stays good: longer than any course runs. */
const LINK_TTL_S = 365 * 24 * 3600;
const PURPOSE = 'coursekit:reminders-off';

// Its own key, derived from JWT_SECRET: a reminder's link is never a session token, nor one the other way.
const keys = new Map<string, KeyObject>();
function key(config: AppContext['config']): KeyObject {
  let found = keys.get(config.jwtSecret);
  if (!found) {
    found = createSecretKey(createHmac('sha256', config.jwtSecret).update(PURPOSE).digest());
    keys.set(config.jwtSecret, found);
  }
  return found;
}

/**
 * A reminder's two ways to turn that organisation's reminders off for its reader, with one signed
 * token: `page`, the site's confirmation page the mail links to (opening it changes nothing), and
 * `oneClick`, the API address a mail client posts to (RFC 8058's `List-Unsubscribe`).
 */
export interface UnsubscribeLinks {
  page: string;
  oneClick: string;
}

export async function unsubscribeLinks(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  organisationId: string,
  userId: string,
): Promise<UnsubscribeLinks> {
  const now = Math.floor(ctx.clock.now() / 1000);
  const token = await new SignJWT({ org: organisationId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(PURPOSE)
    .setSubject(userId)
    .setIssuedAt(now)
    .setExpirationTime(now + LINK_TTL_S)
    .sign(key(ctx.config));
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    page: `${ctx.config.publicUrl}/reminders/unsubscribe${query}`,
    oneClick: `${ctx.config.publicUrl}/api${endpoints.reminderUnsubscribePost.path}${query}`,
  };
}

/** The person and organisation a link's token names; a forged, altered or expired one is refused. */
async function readToken(
  ctx: AppContext,
  token: string,
): Promise<{ userId: string; organisationId: string }> {
  try {
    const { payload } = await jwtVerify(token, key(ctx.config), {
      algorithms: ['HS256'],
      audience: PURPOSE,
      currentDate: new Date(ctx.clock.now()),
    });
    if (typeof payload.sub !== 'string' || typeof payload.org !== 'string') throw new Error('claims');
    return { userId: payload.sub, organisationId: payload.org };
  } catch {
    throw fail('invalid_request', reminderLinkInvalid);
  }
}

/**
 * What a link would turn off, read without writing anything (mail scanners open links): the
 * organisation, and whether its reminders are still on for the person. A forged, altered or expired
 * token, or one whose organisation is gone, is refused with the message that says so.
 */
export async function readReminderLink(ctx: AppContext, token: string): Promise<ReminderLink> {
  const { userId, organisationId } = await readToken(ctx, token);
  return inOrganisation(ctx.db, PLATFORM, async (tx) => {
    const [org] = await tx.select().from(organisations).where(eq(organisations.id, organisationId));
    if (!org) throw fail('invalid_request', reminderLinkInvalid);
    const [optedOut] = await tx
      .select({ userId: reminderOptOuts.userId })
      .from(reminderOptOuts)
      .where(and(eq(reminderOptOuts.organisationId, organisationId), eq(reminderOptOuts.userId, userId)));
    return { organisation: { slug: org.slug, name: org.name }, reminders: optedOut ? 'off' : 'on' };
  });
}

/**
 * Turns reminders off for the person and organisation a link's token names. A forged, altered or
 * expired token (or one whose organisation is gone) writes nothing and is refused with the message
 * that says so; a second use answers the same as the first.
 */
export async function turnRemindersOff(ctx: AppContext, token: string) {
  const { userId, organisationId } = await readToken(ctx, token);
  return inOrganisation(ctx.db, PLATFORM, async (tx) => {
    const [org] = await tx.select().from(organisations).where(eq(organisations.id, organisationId));
    if (!org) throw fail('invalid_request', reminderLinkInvalid);
    await tx
      .insert(reminderOptOuts)
      .values({ organisationId, userId, createdAt: new Date(ctx.clock.now()) })
      .onConflictDoNothing();
    ctx.logger.info({ organisationId, userId }, 'reminders turned off');
    return { organisation: { slug: org.slug, name: org.name }, reminders: 'off' as const };
  });
}
