import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';

// Security events are rows admins can read (DESIGN decision 4), and a log line. Anyone can cause
// some of them at will (an anonymous call under /api/admin, a locked-out sign-in), so what one
// request can add is bounded: details are capped, and those repeatable kinds are counted, one row
// per kind, client address, reason and hour, instead of a row each. Old rows are pruned
// (admin/audit.ts: SECURITY_EVENT_RETENTION_DAYS).

/** Each string in an event's details is cut to this many characters… */
export const DETAIL_STRING_MAX = 200;
/** …and the whole details to this many characters of JSON (else only an excerpt is kept). */
export const DETAILS_JSON_MAX = 2048;
/** A counted event's window: one row per kind, client address and reason per clock hour. */
export const COUNT_WINDOW_MS = 60 * 60_000;

const UNSTORABLE = /\0|[\uD800-\uDFFF]/gu;
const storable = (value: string, max: number) =>
  (value.length > max ? `${value.slice(0, max)}…` : value).replace(UNSTORABLE, '\uFFFD');

function capValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return storable(value, DETAIL_STRING_MAX);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 3) return '…';
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => capValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 20)
      .map(([key, item]) => [storable(key, 100), capValue(item, depth + 1)]),
  );
}

/** What is stored of an event's details: bounded strings, depth and size, nothing PostgreSQL refuses. */
export function capDetails(details: Record<string, unknown>): Record<string, unknown> {
  const capped = capValue(details, 0) as Record<string, unknown>;
  const json = JSON.stringify(capped);
  return json.length <= DETAILS_JSON_MAX
    ? capped
    : { truncated: true, excerpt: storable(json, DETAIL_STRING_MAX) };
}

/** The address a counted event is keyed by: IPv4 as is, IPv6 by its /64 (what one client is given). */
export function clientNetwork(ip: string | null | undefined): string {
  if (!ip) return 'unknown';
  const address = ip.replace(/^::ffff:(?=\d+\.)/, '');
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const groups = [...head.split(':').filter(Boolean)];
  const rest = tail.split(':').filter(Boolean);
  while (groups.length + rest.length < 8) groups.push('0');
  return `${[...groups, ...rest].slice(0, 4).join(':')}::/64`;
}

export interface SecurityEventData {
  userId?: string | null;
  email?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Stores a security event. With `countBy` (the reason or key that tells such events apart), it is
 * a repeatable kind: the first in its window is a row, the next ones add to that row's `count`.
 */
export async function securityEvent(
  ctx: AppContext,
  type: string,
  data: SecurityEventData,
  options: { countBy?: string } = {},
): Promise<void> {
  ctx.logger.warn({ event: type, userId: data.userId, email: data.email }, 'security event');
  const now = ctx.clock.now();
  const row = {
    type,
    userId: data.userId ?? null,
    email: data.email ? storable(data.email, 320) : null,
    ip: data.ip ? storable(data.ip, 64) : null,
    details: data.details ? capDetails(data.details) : null,
    createdAt: new Date(now),
  };
  try {
    if (options.countBy === undefined) {
      await ctx.db.insert(schema.securityEvents).values(row);
      return;
    }
    const window = Math.floor(now / COUNT_WINDOW_MS) * COUNT_WINDOW_MS;
    const windowKey = createHash('sha256')
      .update(JSON.stringify([type, clientNetwork(data.ip), data.userId ?? '', options.countBy, window]))
      .digest('hex');
    await ctx.db
      .insert(schema.securityEvents)
      .values({ ...row, windowKey })
      .onConflictDoUpdate({
        target: schema.securityEvents.windowKey,
        set: { count: sql`${schema.securityEvents.count} + 1` },
      });
  } catch (err) {
    ctx.logger.error({ err }, 'could not store security event');
  }
}
