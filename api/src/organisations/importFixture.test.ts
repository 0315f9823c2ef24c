import { readFileSync } from 'node:fs';
import { importMessages, messages } from '@coursekit/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import { call, DRIVERS, PASSWORD, signInAdmin, signUp, startServer, type TestServer } from '../test/harness';

// The people import on a file a spreadsheet program wrote: fixtures/people.csv is LibreOffice Calc's
// CSV export of fixtures/people.ods (fixtures/README.md says how to make it again), 50 people: 47
// good ones (accents, a name with a comma, an upper-case address, one pasted with spaces), a bad
// e-mail on line 13, line 6's address again on line 31, and a 48th good person over the seat limit
// on line 51. The organisation has 48 seats and its manager takes one.

const csv = readFileSync(new URL('./fixtures/people.csv', import.meta.url));

describe.each(DRIVERS)('importing a spreadsheet’s CSV (%s)', (driver) => {
  let server: TestServer;
  let orgId: string;
  let manager: Awaited<ReturnType<typeof signUp>>;
  const upload = (mode: 'preview' | 'apply') =>
    fetch(`${server.api}/organisations/${orgId}/import?mode=${mode}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'text/csv' },
      body: csv,
    }).then(async (res) => ({ status: res.status, body: await res.json() }));
  /** The organisation's people, invitations and groups, to compare before and after an upload. */
  const snapshot = async () => {
    const db = server.database.db;
    const of = <T extends { organisationId: unknown }>(table: T) =>
      db
        .select()
        .from(table as never)
        .where(eq(table.organisationId as never, orgId));
    const rows = await Promise.all([
      of(schema.organisationMembers),
      of(schema.organisationInvitations),
      of(schema.organisationGroups),
    ]);
    return rows.map((r) => r.map((x) => JSON.stringify(x)).sort());
  };
  const BAD_ROWS = [
    { line: 13, email: 'tomas.novak(at)acme.example', kind: 'error', message: messages.emailInvalidFormat },
    { line: 31, email: 'emma.schmidt@acme.example', kind: 'error', message: importMessages.duplicate(6) },
    { line: 51, email: 'vera.santos@acme.example', kind: 'error', message: importMessages.overSeats(48) },
  ];

  beforeAll(async () => {
    server = await startServer(driver, { config: { corsOrigins: [] } });
    const admin = (await signInAdmin(server)).token;
    const org = await call(server, 'POST', '/admin/organisations', {
      token: admin,
      body: { name: 'Acme Facilities', slug: 'acme', seat_limit: 48 },
    });
    orgId = org.body.id;
    manager = await signUp(server, 'Mia Manager');
    await call(server, 'PUT', `/admin/organisations/${orgId}/members/${manager.userId}`, {
      token: admin,
      body: { role: 'manager' },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('previews 47 to invite and the 3 bad rows with their messages, writing nothing', async () => {
    const before = await snapshot();
    const preview = await upload('preview');
    expect(preview.status).toBe(200);
    expect(preview.body.applied).toBe(false);
    expect(preview.body.counts).toEqual({ invite: 47, no_change: 0, error: 3 });
    expect(preview.body.rows.filter((r: { kind: string }) => r.kind === 'error')).toEqual(
      BAD_ROWS.map((r) => expect.objectContaining(r)),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('invites the 47 with their names and groups as the spreadsheet had them; a second upload changes nothing', async () => {
    const mailsBefore = server.mailbox.list().length;
    const applied = await upload('apply');
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, counts: { invite: 47, no_change: 0, error: 3 } });
    const invitations = await server.database.db
      .select()
      .from(schema.organisationInvitations)
      .where(eq(schema.organisationInvitations.organisationId, orgId));
    expect(invitations).toHaveLength(47);
    const byEmail = new Map(invitations.map((i) => [i.email, i]));
    // The cells as typed: accents in UTF-8, a quoted comma, addresses lower-cased and trimmed.
    expect(byEmail.get('zoe.muller@acme.example')?.name).toBe('Zoë Müller');
    expect(byEmail.get('lukasz.kowalski@acme.example')?.name).toBe('Łukasz Kowalski');
    expect(byEmail.get('ben.okafor@acme.example')?.name).toBe('Okafor, Ben');
    expect(byEmail.has('grace.kim@acme.example')).toBe(true);
    expect(byEmail.has('jonas.berg@acme.example')).toBe(true);
    expect(byEmail.has('vera.santos@acme.example')).toBe(false);
    const groups = await server.database.db
      .select({ name: schema.organisationGroups.name })
      .from(schema.organisationGroups)
      .where(eq(schema.organisationGroups.organisationId, orgId));
    expect(groups.map((g) => g.name).sort()).toEqual(['Day shift', 'Maintenance', 'Night shift']);
    // Each invited person got the invitation's mail.
    await expect.poll(() => server.mailbox.list().length - mailsBefore).toBe(47);

    const before = await snapshot();
    const again = await upload('apply');
    expect(again.status).toBe(200);
    expect(again.body.counts).toEqual({ invite: 0, no_change: 47, error: 3 });
    expect(again.body.rows.filter((r: { kind: string }) => r.kind === 'error')).toEqual(
      BAD_ROWS.map((r) => expect.objectContaining(r)),
    );
    expect(await snapshot()).toEqual(before);
    expect(server.mailbox.list().length - mailsBefore).toBe(47);
  });

  it('lets a person whose cell the sign-up name rule refuses accept the mailed invitation all the same', async () => {
    const mail = server.mailbox.list().find((m) => m.to === 'ben.okafor@acme.example')!;
    const token = new URL(mail.links.find((l) => l.includes('/accept-invitation?token='))!).searchParams.get(
      'token',
    );
    const accepted = await call(server, 'POST', '/organisation-invitations/accept', {
      body: { token, password: PASSWORD },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ email: 'ben.okafor@acme.example', account: 'created' });
    // A name typed on the page is still held to the rule.
    const zoe = server.mailbox.list().find((m) => m.to === 'zoe.muller@acme.example')!;
    const zoeToken = new URL(
      zoe.links.find((l) => l.includes('/accept-invitation?token='))!,
    ).searchParams.get('token');
    const refused = await call(server, 'POST', '/organisation-invitations/accept', {
      body: { token: zoeToken, password: PASSWORD, name: 'Zoë <b>' },
    });
    expect(refused.status).toBe(400);
  });
});
