import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { reminderLinkInvalid } from '@coursekit/core';
import { eq } from 'drizzle-orm';
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

/** The signed link in a reminder that turns that organisation's reminders off for its reader. */
export async function unsubscribeUrl(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  organisationId: string,
  userId: string,
): Promise<string> {
  const now = Math.floor(ctx.clock.now() / 1000);
  const token = await new SignJWT({ org: organisationId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(PURPOSE)
    .setSubject(userId)
    .setIssuedAt(now)
    .setExpirationTime(now + LINK_TTL_S)
    .sign(key(ctx.config));
  return `${ctx.config.publicUrl}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * Turns reminders off for the person and organisation a link's token names. A forged, altered or
 * expired token (or one whose organisation is gone) writes nothing and is refused with the message
 * that says so; a second use answers the same as the first.
 */
export async function turnRemindersOff(ctx: AppContext, token: string) {
  let userId: string;
  let organisationId: string;
  try {
    const { payload } = await jwtVerify(token, key(ctx.config), {
      algorithms: ['HS256'],
      audience: PURPOSE,
      currentDate: new Date(ctx.clock.now()),
    });
    if (typeof payload.sub !== 'string' || typeof payload.org !== 'string') throw new Error('claims');
    userId = payload.sub;
    organisationId = payload.org;
  } catch {
    throw fail('invalid_request', reminderLinkInvalid);
  }
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
