import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { type ApiProcess, freePort, startApiProcess } from '@coursekit/api/testing';
import { type CompanyIdp, startCompanyIdp } from '@coursekit/api/testing/companyIdp';
import {
  DAY,
  openProcessDatabase,
  pgliteCopyOf,
  processReminderBase,
  type ReminderInstances,
  type ReminderTally,
  reminderInstances,
  tallyReminderMails,
  tallyReminderSends,
  undeliveredMail,
} from '@coursekit/api/testing/reminders';
import { type SmtpMailbox, startSmtpMailbox } from '@coursekit/api/testing/smtpMailbox';
import { type StaticSite, serveFiles } from '@coursekit/api/testing/staticFiles';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { expectAccessible, inBrowser, LEARNER_PASSWORD, learnerApi, signIn } from './journey';
import { ADMIN, HOST_DIST, REPO_ROOT } from './server';

// An organisation from first setup to its manager's report, in Chromium against the real API (its
// own process, its mail going to a real SMTP server on loopback, its organisation's identity provider
// panva's oidc-provider): an admin creates Acme Facilities with a provider, an embed origin and a
// theme and invites its manager; the manager accepts the mailed invitation, imports 50 people from a
// CSV (3 bad rows), and assigns the second course to a group with a due date 3 days away; a learner
// of the file signs in through the provider and completes the course in the themed player on Acme's
// partner page; the manager's report and its CSV show who is done; another organisation's manager
// sees none of it. Then the clock moves 2 days on the journey's own data: the day-before reminder
// goes to exactly the people not done, once. The API process runs on a database of its own on
// PostgreSQL when DATABASE_URL is set: two more reminder instances (each its own pool) wake at once
// beside the site's own, and one instance on an embedded PGlite copy of the same data (pg_dump) does
// the same. Without DATABASE_URL it runs on embedded PGlite, whose data directory the test opens once
// the site has stopped, as the one instance. api/src/organisations/journeyReminders.test.ts proves
// the reminders at the API level on both drivers, and the overdue report past the due date.

const DOMAIN = 'acme-facilities.test';
const MANAGER = { email: `mia.manager@${DOMAIN}`, name: 'Mia Manager' };
const LEARNER = `lena.learner@${DOMAIN}`;
const COLLEAGUE = `person02@${DOMAIN}`;
const GROUP = 'Facilities Team';
const COURSE = { slug: 'reading-meter-data', title: 'Reading a Meter-Data Report' };
const BRAND = { hex: '#0b6e4f', rgb: 'rgb(11, 110, 79)' };

/**
 * 50 people: 47 good (the learner among them), 2 bad e-mails and a repeated one. Their names
 * ("Person 2"…) are not names the sign-up rule takes, which must not keep anyone from accepting.
 */
function peopleCsv(): string {
  const rows = [LEARNER];
  for (let n = 2; rows.length < 47; n++) rows.push(`person${String(n).padStart(2, '0')}@${DOMAIN}`);
  const lines = rows.map((email, n) => `${email},Person ${n + 1},${GROUP}`);
  lines.splice(10, 0, 'not-an-e-mail,Bad Row,Facilities Team');
  lines.splice(20, 0, `${COLLEAGUE},Repeated Row,${GROUP}`);
  lines.splice(30, 0, 'bob@@acme,Bad Row,Facilities Team');
  return `email,name,group\r\n${lines.join('\r\n')}\r\n`;
}

/** The partner's web server on its own origin: its page and the built embed bundle, nothing else. */
function startPartnerSite(): Promise<StaticSite> {
  const here = path.join(REPO_ROOT, 'apps/host/e2e/partner');
  return serveFiles({
    '/partner.html': [path.join(here, 'partner.html'), 'text/html; charset=utf-8'],
    '/partner.js': [path.join(here, 'partner.js'), 'text/javascript'],
    '/embed/coursekit-embed.iife.js': [
      path.join(REPO_ROOT, 'packages/embed/dist/coursekit-embed.iife.js'),
      'text/javascript',
    ],
  });
}

let browser: Browser;
let smtp: SmtpMailbox;
let site: ApiProcess;
let idp: CompanyIdp;
let partner: StaticSite;
let url: string;
let acmeId: string;
let managerPage: Page;
let closeManager: () => Promise<void>;
/** When the manager assigned the course, and its due date (midnight UTC of the day picked). */
let assignedAt: number;
let dueAt: number;

/** The API as a signed-in page's user, answering the status and body (no expectation on them). */
async function rawCall(page: Page, method: string, apiPath: string) {
  const raw = await page.evaluate(() => localStorage.getItem('coursekit.session'));
  const token = (JSON.parse(raw ?? '{}') as { access_token?: string }).access_token;
  const res = await fetch(`${url}/api${apiPath}`, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, text: await res.text() };
}

/** Opens the invitation mailed to `email` and accepts it with a new password. */
async function acceptInvitation(page: Page, email: string) {
  await page.goto(await smtp.linkTo(email, '/accept-invitation?token='));
  await page.getByLabel(/password/i).fill(LEARNER_PASSWORD);
  await page.getByRole('button', { name: /accept/i }).click();
  const answer = page.getByRole('status').or(page.getByRole('alert'));
  await answer.waitFor();
  expect(await answer.textContent()).toContain('Acme Facilities');
}

beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startSmtpMailbox();
  partner = await startPartnerSite();
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  idp = await startCompanyIdp(`${url}/api/auth/sso/callback`);
  idp.account(LEARNER, { email: LEARNER, email_verified: true, name: 'Lena Learner' });
  site = await startApiProcess({
    port,
    env: { HOST_DIST, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: smtp.url },
    startTimeoutMs: 60_000,
  });
});
afterAll(async () => {
  await closeManager?.();
  await browser?.close();
  await site?.stop(10_000);
  await idp?.close();
  await partner?.stop();
  await smtp?.close();
});

describe.sequential('an organisation’s journey', () => {
  it('an admin creates Acme Facilities with an identity provider, an embed origin and a theme, and invites its manager', async () => {
    await inBrowser(browser, url, 'org-journey-admin', async (page) => {
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.goto('/admin?tab=organisations');
      const list = page.getByRole('region', { name: 'Organisations' });
      await list.getByRole('button', { name: 'New Organisation' }).click();
      const editor = page.getByRole('region', { name: 'New Organisation' });
      await editor.getByLabel('Name', { exact: true }).fill('Acme Facilities');
      await editor.getByLabel(/^Slug/).fill('acme-facilities');
      await editor.getByLabel(/^Allowed embed origins/).fill(partner.url);
      await editor.getByLabel('Brand colour', { exact: true }).fill(BRAND.hex);
      await editor.getByLabel('Text on the brand colour').fill('#ffffff');
      await editor.getByRole('button', { name: 'Save Organisation' }).click();

      const provider = page.getByRole('form', { name: 'Identity provider' });
      await provider.getByLabel('Issuer URL (https)').fill(idp.issuer);
      await provider.getByLabel('Client id').fill(idp.clientId);
      await provider.getByLabel('Client secret').fill(idp.clientSecret);
      await provider.getByLabel('E-mail domains').fill(DOMAIN);
      await provider.getByRole('button', { name: 'Save Identity Provider' }).click();
      await page.getByText('Identity Provider Saved').first().waitFor();
      await expectAccessible(page, 'Acme Facilities with its identity provider');

      const api = await learnerApi(page, url);
      const items = await api<Array<{ id: string; slug: string }>>('GET', '/admin/organisations');
      acmeId = items.find((o) => o.slug === 'acme-facilities')!.id;

      // The admin reaches Acme's console too, and invites its manager there.
      await page.goto(`/organisations/${acmeId}`);
      const invite = page.getByRole('form', { name: 'Invite someone' });
      await invite.getByLabel('E-mail').fill(MANAGER.email);
      await invite.getByLabel('Name (optional)').fill(MANAGER.name);
      await invite.getByLabel('Role').selectOption({ label: 'Manager' });
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText(`An invitation went to ${MANAGER.email}.`).waitFor();
    });
  });

  it('the manager accepts the mailed invitation, imports 50 people (3 bad rows) and assigns the second course to a group, due in 3 days', async () => {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(10_000);
    managerPage = await context.newPage();
    closeManager = () => context.close();
    const page = managerPage;
    await acceptInvitation(page, MANAGER.email);
    await signIn(page, MANAGER.email, LEARNER_PASSWORD);
    await page.goto(`/organisations/${acmeId}`);

    const importForm = page.getByRole('form', { name: 'Invite many people from a CSV file' });
    await importForm.getByLabel('CSV file').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(peopleCsv(), 'utf8'),
    });
    await importForm.getByRole('button', { name: 'Check the file' }).click();
    await importForm
      .getByRole('status')
      .getByText('47 to invite, 0 already in the organisation or invited, 3 with problems.')
      .waitFor();
    const bad = importForm.locator('tbody tr[data-kind="error"]');
    expect(await bad.count()).toBe(3);
    const badRows = await bad.evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
    );
    expect(badRows.map(([line, email]) => `${line} ${email}`)).toEqual([
      '12 not-an-e-mail',
      `22 ${COLLEAGUE}`,
      '32 bob@@acme',
    ]);
    // Each says what is wrong with it.
    for (const [, , message] of badRows) expect(message).toMatch(/\w/);
    await expectAccessible(page, 'import preview');
    await importForm.getByRole('button', { name: 'Invite 47 people' }).click();
    await page.getByText(/^47 invitations sent/).waitFor();
    // 47 invitation mails reach the SMTP server (the manager's was the first).
    await expect
      .poll(() => new Set(smtp.received.filter((m) => m.to.endsWith(`@${DOMAIN}`)).map((m) => m.to)).size, {
        timeout: 30_000,
      })
      .toBe(48);

    // A colleague from the file accepts by mail, and so joins the file's group.
    await inBrowser(browser, url, 'org-journey-colleague', (colleague) =>
      acceptInvitation(colleague, COLLEAGUE),
    );

    await page.getByRole('tab', { name: 'Assignments' }).click();
    const assign = page.getByRole('form', { name: 'Assign a course' });
    await assign.getByLabel('Course').selectOption({ label: COURSE.title });
    await assign.getByRole('checkbox', { name: GROUP }).check();
    assignedAt = Date.now();
    const due = new Date(assignedAt + 3 * DAY).toISOString().slice(0, 10);
    dueAt = Date.parse(`${due}T00:00:00Z`);
    await assign.getByLabel('Due date (optional)').fill(due);
    await assign.getByRole('button', { name: 'Assign' }).click();
    await page.getByText(new RegExp(`^${COURSE.title} assigned`)).waitFor();
    await expectAccessible(page, 'assignments');
  });

  it('a learner signs in through Acme’s provider and completes the course in Acme’s themed player on its partner page', async () => {
    await inBrowser(browser, url, 'org-journey-learner', async (page) => {
      await page.goto('/signin');
      await page.getByLabel('Email').fill(LEARNER);
      await page.getByRole('link', { name: 'Continue with Acme Facilities' }).click();
      await page.waitForURL((u) => u.origin === idp.issuer);
      await page.locator('input[name="password"]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.waitForURL((u) => u.origin === url && u.pathname === '/', { timeout: 20_000 });
      const raw = await page.evaluate(() => localStorage.getItem('coursekit.session'));
      const token = (JSON.parse(raw ?? '{}') as { access_token: string }).access_token;

      // The partner's single sign-on hands the player this learner's token.
      await page.addInitScript((t) => {
        (window as unknown as { partnerToken: string }).partnerToken = t;
      }, token);
      const query = new URLSearchParams({
        api: `${url}/api`,
        course: COURSE.slug,
        organisation: 'acme-facilities',
      });
      await page.goto(`${partner.url}/partner.html?${query}`);
      const player = page.locator('course-player');
      const start = player.getByRole('button', { name: /Start Learning|Continue Learning/ });
      await start.waitFor();
      // Acme's theme: its brand colour on the player's buttons.
      await expect.poll(() => start.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(BRAND.rgb);
      await start.click();
      for (let module = 1; module <= 3; module++) {
        for (let lesson = 1; lesson <= 3; lesson++) {
          await player.getByRole('button', { name: 'Mark Complete' }).click();
          if (lesson < 3) await player.getByText(`${lesson} of 3 lessons completed`).waitFor();
        }
        const dialog = player.getByRole('dialog');
        await dialog.getByText('Congratulations!').waitFor();
        await dialog.getByRole('button', { name: 'Continue' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
      const progress = (await (
        await fetch(`${url}/api/courses/${COURSE.slug}/progress`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { records: Array<{ completed: boolean }> };
      expect(progress.records.filter((r) => r.completed)).toHaveLength(9);
    });
  });

  it('the manager’s report and its CSV show who is done', async () => {
    const page = managerPage;
    await page.goto(`/organisations/${acmeId}`);
    await page.getByRole('tab', { name: 'Report' }).click();
    const table = page.getByRole('table', { name: 'Each person’s assigned courses' });
    const row = (email: string) => table.getByRole('row').filter({ hasText: email });
    await row(LEARNER).getByText('Completed').waitFor();
    await row(COLLEAGUE).getByText('Not started').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);
    await expectAccessible(page, 'report');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('email,name,course,status,due_at,completed_at,score');
    const status = (email: string) => lines.find((l) => l.startsWith(`${email},`))?.split(',')[3];
    expect(status(LEARNER)).toBe('completed');
    expect(status(COLLEAGUE)).toBe('not_started');
  });

  it('another organisation’s manager sees none of it, and the API refuses Acme’s ids', async () => {
    const post = async <T>(apiPath: string, body: unknown, token?: string, method = 'POST') => {
      const res = await fetch(`${url}/api${apiPath}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      expect(res.ok, `${method} ${apiPath} → ${res.status}`).toBe(true);
      return (await res.json()) as T;
    };
    const admin = (await post<{ access_token: string }>('/auth/signin', ADMIN)).access_token;
    const bravo = await post<{ id: string }>(
      '/admin/organisations',
      { name: 'Bravo Works', slug: 'bravo-works' },
      admin,
    );
    const other = { email: 'olga.other@bravo.test', password: LEARNER_PASSWORD };
    const made = await post<{ user: { id: string } }>('/auth/signup', { ...other, name: 'Olga Other' });
    await post(`/admin/organisations/${bravo.id}/members/${made.user.id}`, { role: 'manager' }, admin, 'PUT');

    const acme = await learnerApi(managerPage, url);
    const [group] = await acme<Array<{ id: string; name: string }>>('GET', `/organisations/${acmeId}/groups`);
    const { items: acmePeople } = await acme<{ items: Array<{ user_id: string; email: string }> }>(
      'GET',
      `/organisations/${acmeId}/people`,
    );
    const learnerId = acmePeople.find((p) => p.email === LEARNER)!.user_id;

    await inBrowser(browser, url, 'org-journey-other-manager', async (page) => {
      await signIn(page, other.email, other.password);
      await page.goto(`/organisations/${bravo.id}`);
      const people = page.getByRole('table', { name: 'The organisation’s people' });
      await people.getByText(other.email).waitFor();
      expect(await people.locator('tbody tr').count()).toBe(1);
      await page.getByRole('tab', { name: 'Groups' }).click();
      await page.getByText('No groups yet. Create one to gather a team or a cohort.').waitFor();
      await page.getByRole('tab', { name: 'Report' }).click();
      await page
        .getByText('No course is assigned yet: the report fills in once people have assignments.')
        .waitFor();
      expect(await page.locator('body').textContent()).not.toMatch(/acme|Facilities Team/i);

      // Acme's calls, and Acme's ids swapped into Bravo's paths: refused, and nothing changes.
      for (const call of ['people', 'invitations', 'groups', 'assignments', 'report', 'report/csv']) {
        const { status, text } = await rawCall(page, 'GET', `/organisations/${acmeId}/${call}`);
        expect([403, 404], `GET ${call} → ${status}`).toContain(status);
        expect(text).not.toMatch(/acme/i);
      }
      for (const swapped of [`groups/${group!.id}`, `people/${learnerId}`]) {
        const { status } = await rawCall(page, 'DELETE', `/organisations/${bravo.id}/${swapped}`);
        expect(status, `DELETE ${swapped}`).toBe(404);
      }
    });
    const groups = await acme<Array<{ id: string; name: string }>>('GET', `/organisations/${acmeId}/groups`);
    expect(groups.map((g) => g.name)).toEqual([GROUP]);
    expect((await acme<{ items: unknown[] }>('GET', `/organisations/${acmeId}/people`)).items.length).toBe(
      acmePeople.length,
    );
  });

  it('the clock moves 2 days: the day-before reminder goes to exactly the people not done, once', async () => {
    const onPostgres = site.databaseUrl !== undefined;
    // On PostgreSQL the site runs on, waking its own reminders on its real clock, while two more
    // instances (each its own pool on the journey's database) wake at once two days on. Embedded
    // PGlite's data directory is only ever open in one process: the site stops, and the test opens
    // it as the one instance.
    if (!onPostgres) await site.halt(10_000);
    const database = await openProcessDatabase(site.env);
    // On PostgreSQL, embedded PGlite gets the journey's data too: a copy taken before the wake-up.
    const copy = onPostgres ? await pgliteCopyOf(site.databaseUrl!) : undefined;
    try {
      await twoDaysOn(database, smtp, (base) =>
        reminderInstances(
          base,
          onPostgres
            ? { databaseUrl: site.databaseUrl!, count: 2, smtpUrl: smtp.url }
            : { db: database.db, smtpUrl: smtp.url },
        ),
      );
      if (copy) {
        const mailbox = await startSmtpMailbox();
        try {
          await twoDaysOn(copy, mailbox, (base) =>
            reminderInstances(base, { db: copy.db, smtpUrl: mailbox.url }),
          );
        } finally {
          await mailbox.close();
        }
      }
    } finally {
      await copy?.close();
      await database.close();
    }
  });
});

/**
 * Two days after the assignment (due within a day for whoever is not done), the instances that
 * `start` makes on `database` wake at once; an hour on, once more. Every reminder `database` records
 * as sent from then on reaches `mailbox` once (the outbox drained, the site's included), and those
 * are: the day-before reminder to the colleague who has not started, not to the learner who is done;
 * nothing overdue; Acme's manager's digest for the week, and Bravo's (nothing assigned) none.
 */
async function twoDaysOn(
  database: Awaited<ReturnType<typeof openProcessDatabase>>,
  mailbox: SmtpMailbox,
  start: (base: ReturnType<typeof processReminderBase>) => Promise<ReminderInstances>,
) {
  const clock = { ahead: assignedAt + 2 * DAY - Date.now(), now: () => Date.now() + clock.ahead };
  const instances = await start(processReminderBase(site.env, clock));
  // What went before (a copy's, whose mail went elsewhere), so only this mailbox's are compared.
  const before = await tallyReminderSends(database.db);
  const recorded = async () => minus(await tallyReminderSends(database.db), before);
  /** The reminders received by kind and address, once they are exactly those recorded: each key once. */
  const delivered = async () => {
    await expect
      .poll(
        async () =>
          (await undeliveredMail(database.db)) === 0 &&
          isDeepStrictEqual(tallyReminderMails(mailbox.received), await recorded()),
        { timeout: 30_000 },
      )
      .toBe(true);
    const mails = tallyReminderMails(mailbox.received);
    expect(mails).toEqual(await recorded());
    return mails;
  };
  try {
    await instances.wake();
    const mails = await delivered();
    expect(mails.day_before).toEqual({ [COLLEAGUE]: 1 });
    expect(mails.overdue).toBeUndefined();
    // The site's own scheduler, on its real clock three days before the due date, can have sent only
    // the week-before reminder (to the group's people) and the week's digest, each key once too.
    for (const to of Object.keys(mails.week_before ?? {})) expect([LEARNER, COLLEAGUE]).toContain(to);
    expect(Object.keys(mails.digest ?? {})).toEqual([MANAGER.email]);

    // An hour on (before the due date: the same day and week), another wake-up sends nothing.
    clock.ahead += Math.min(3_600_000, dueAt - 60_000 - clock.now());
    expect(await instances.wake()).toBe(0);
    expect((await delivered()).day_before).toEqual({ [COLLEAGUE]: 1 });
  } finally {
    await instances.close();
  }
}

/** `after`'s counts less `before`'s, leaving out what is zero. */
function minus(after: ReminderTally, before: ReminderTally): ReminderTally {
  const left: ReminderTally = {};
  for (const [kind, byTo] of Object.entries(after) as Array<[keyof ReminderTally, Record<string, number>]>) {
    for (const [to, n] of Object.entries(byTo)) {
      const rest = n - (before[kind]?.[to] ?? 0);
      if (rest > 0) left[kind] = { ...left[kind], [to]: rest };
    }
  }
  return left;
}
