import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_DIR, readPlatform } from '../content/loader';
import { seed } from '../content/seed';
import { call, DRIVERS, email, signInAdmin, signUp, startServer, type TestServer } from '../test/harness';

// The platform's words (site name, footer owner and year, help mailbox, about text) are settings: a
// first start stores api/content's, an admin edits them, and a restart never puts the repo's back.

const courseTitles = ['data-literacy-for-facility-managers', 'reading-meter-data'].map(
  (slug) =>
    (
      JSON.parse(readFileSync(path.join(CONTENT_DIR, 'courses', slug, 'course.json'), 'utf8')) as {
        title: string;
      }
    ).title,
);

describe.each(DRIVERS)("the platform's words (%s)", (driver) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(driver);
    admin = (await signInAdmin(server)).token;
  });
  afterAll(() => server?.close());

  it('a first start stores the words of api/content, and anyone reads them with the settings', async () => {
    const platform = readPlatform();
    const { status, body } = await call(server, 'GET', '/settings');
    expect(status).toBe(200);
    expect(body.platform).toEqual({
      site_name: platform.siteName,
      owner: platform.owner,
      copyright_year: platform.copyrightYear,
      support_email: server.config.supportEmail ?? platform.supportEmail,
      about: readFileSync(path.join(CONTENT_DIR, 'about.md'), 'utf8').trim(),
    });
  });

  it('an admin changes one word; the others stay, and a restart keeps the change', async () => {
    const before = (await call(server, 'GET', '/settings')).body.platform;
    const { status, body } = await call(server, 'PATCH', '/admin/settings', {
      token: admin,
      body: { platform: { site_name: '  Meter Academy ' } },
    });
    expect(status).toBe(200);
    expect(body.platform).toEqual({ ...before, site_name: 'Meter Academy' });
    await seed({
      db: server.database.db,
      storage: server.app.ctx.storage,
      logger: server.app.ctx.logger,
      config: server.config,
    });
    expect((await call(server, 'GET', '/settings')).body.platform.site_name).toBe('Meter Academy');
  });

  it('refuses a blank site name, a bad year or mailbox, and an unknown word, changing nothing', async () => {
    const before = (await call(server, 'GET', '/settings')).body.platform;
    for (const platform of [
      { site_name: '   ' },
      { copyright_year: 20.5 },
      { support_email: 'not an address' },
      { logo: 'x.svg' },
    ]) {
      const { status, body } = await call(server, 'PATCH', '/admin/settings', {
        token: admin,
        body: { platform },
      });
      expect(status, JSON.stringify(platform)).toBe(400);
      expect(body.error.fields, JSON.stringify(platform)).toBeTruthy();
    }
    expect((await call(server, 'GET', '/settings')).body.platform).toEqual(before);
  });

  it('a learner may not change them', async () => {
    const learner = await signUp(server, 'Lea Learner');
    const { status } = await call(server, 'PATCH', '/admin/settings', {
      token: learner.token,
      body: { platform: { site_name: 'Mine now' } },
    });
    expect(status).toBe(403);
  });

  it("the e-mails carry the site's name, from its sender, and no course's title", async () => {
    await call(server, 'PATCH', '/admin/settings', {
      token: admin,
      body: { platform: { site_name: 'Meter Academy' } },
    });
    const address = email('mailname');
    await signUp(server, 'Mia Mail', address);
    await call(server, 'POST', '/auth/recover', { body: { email: address } });
    const mails = server.mailbox.list().filter((m) => m.to === address);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Confirm your e-mail for Meter Academy',
      'Reset your Meter Academy password',
    ]);
    for (const mail of mails) {
      const raw = server.mailbox.raw(mail.id)!;
      expect(raw).toMatch(/^From: Meter Academy <no-reply@coursekit\.example>$/m);
      for (const title of courseTitles) expect(raw).not.toContain(title);
    }
  });
});
