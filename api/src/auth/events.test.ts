import type { AdminAdapter } from '@coursekit/core';
import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneSecurityEvents, SECURITY_EVENT_RETENTION_DAYS } from '../admin/audit';
import { schema } from '../db/index';
import { call, DRIVERS, email, signInAdmin, signUp, startServer, type TestServer } from '../test/harness';
import { COUNT_WINDOW_MS, capDetails, clientNetwork, DETAIL_STRING_MAX, DETAILS_JSON_MAX } from './events';

// A scan of /api/admin/* stored a row per request (51 requests, 51 rows, one
// with an 8 KB path; after a scan the admin's log held 20,011 events). What anyone can send is now
// bounded: capped details, counted refusals, a retention, and a log the admin filters by kind.

const DAY = 24 * 60 * 60_000;

describe('what a security event stores', () => {
  it('cuts strings, depth and size, and replaces what PostgreSQL cannot store', () => {
    const capped = capDetails({ path: `/api/admin/${'x'.repeat(8 * 1024)}`, reason: 'a\u0000b\ud800' });
    expect((capped.path as string).length).toBe(DETAIL_STRING_MAX + 1);
    expect(capped.reason).toBe('a\ufffdb\ufffd');
    expect(capDetails({ a: { b: { c: { d: 1 } } } })).toEqual({ a: { b: { c: '…' } } });
    const wide = capDetails(
      Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'y'.repeat(500)])),
    );
    expect(JSON.stringify(wide).length).toBeLessThanOrEqual(DETAILS_JSON_MAX);
    expect(wide.truncated).toBe(true);
  });

  it('counts an IPv6 client by its /64 and an IPv4 client by its address', () => {
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork(undefined)).toBe('unknown');
  });
});

describe.each(DRIVERS)('the security log stays bounded and readable (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  /** The admin's console, signed in now (the test moves the clock past access tokens' lifetime). */
  const adminConsole = async (): Promise<AdminAdapter> => {
    const { token } = await signInAdmin(server);
    return withHttpAdmin(createHttpAdapter({ baseUrl: server.api, getAccessToken: () => token })).admin;
  };
  afterAll(() => server?.close());

  const rows = async () => {
    const [row] = await server.database.db
      .select({ n: sql<number>`count(*)::int`, seen: sql<number>`coalesce(sum(count), 0)::int` })
      .from(schema.securityEvents);
    return row!;
  };

  it('1,000 anonymous refusals under /api/admin add two rows, and a sign-in lockout stays at the top of its kind', async () => {
    // A real lockout first: the sixth sign-in within a minute for one e-mail is refused.
    const locked = email('locked');
    for (let i = 0; i < 6; i += 1) {
      await call(server, 'POST', '/auth/signin', { body: { email: locked, password: 'Wrong-pass-1' } });
    }
    // Then a scan, all in one hour: no token at all, and a forged one (two reasons, two rows).
    server.clock.advance(COUNT_WINDOW_MS - (server.clock.now() % COUNT_WINDOW_MS) + 1_000);
    const before = await rows();
    const paths = [
      '/admin/users',
      '/admin/stats',
      '/admin/settings/debug',
      `/admin/users/${'x'.repeat(8 * 1024)}`,
    ];
    let sent = 0;
    const statuses = new Map<number, number>();
    const scanner = async () => {
      while (sent < 1_000) {
        const n = sent++;
        const token = n % 2 ? 'forged.token.value' : undefined;
        const { status } = await call(server, 'GET', paths[n % paths.length]!, { token });
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 16 }, scanner));
    expect(statuses).toEqual(new Map([[401, 1_000]]));
    const after = await rows();
    expect(after.n - before.n).toBe(2);
    expect(after.seen - before.seen).toBe(1_000);

    const admin = await adminConsole();
    const scan = await admin.audit.securityEvents({ event_type: 'invalid_session', pageSize: 2 });
    expect(scan.items.map((e) => e.count).sort()).toEqual([500, 500]);
    for (const event of scan.items) {
      expect(JSON.stringify(event.details).length).toBeLessThanOrEqual(DETAILS_JSON_MAX);
    }

    const lockouts = await admin.audit.securityEvents({ event_type: 'rate_limited', pageSize: 5 });
    expect(lockouts.items[0]).toMatchObject({ event_type: 'rate_limited', details: { email: locked } });
    expect(lockouts.items.every((e) => e.event_type === 'rate_limited')).toBe(true);
    // Unfiltered, the scan is two rows above it, not a thousand.
    const log = await admin.audit.securityEvents({ pageSize: 5 });
    expect(log.items.map((e) => e.id)).toContain(lockouts.items[0]!.id);
  }, 300_000);

  it(`deletes events older than ${SECURITY_EVENT_RETENTION_DAYS} days and keeps the rest`, async () => {
    const now = server.clock.now();
    const [old, recent] = await server.database.db
      .insert(schema.securityEvents)
      .values([
        { type: 'sign_in_failed', createdAt: new Date(now - (SECURITY_EVENT_RETENTION_DAYS + 1) * DAY) },
        { type: 'sign_in_failed', createdAt: new Date(now - (SECURITY_EVENT_RETENTION_DAYS - 1) * DAY) },
      ])
      .returning({ id: schema.securityEvents.id });
    expect(await pruneSecurityEvents(server.app.ctx)).toBeGreaterThanOrEqual(1);
    const ids = (
      await server.database.db.select({ id: schema.securityEvents.id }).from(schema.securityEvents)
    ).map((r) => r.id);
    expect(ids).not.toContain(old!.id);
    expect(ids).toContain(recent!.id);
  });

  it('refuses an unknown kind in the filter with a field message', async () => {
    const { token } = await signUp(server);
    expect((await call(server, 'GET', '/admin/audit/security-events?event_type=x', { token })).status).toBe(
      403,
    );
    const { token: adminToken } = await signInAdmin(server);
    const refused = await call(server, 'GET', '/admin/audit/security-events?event_type=nope', {
      token: adminToken,
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields)).toEqual(['event_type']);
  });
});
