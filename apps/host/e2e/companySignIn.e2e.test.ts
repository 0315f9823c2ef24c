import { randomBytes } from 'node:crypto';
import { type CompanyIdp, startCompanyIdp } from '@coursekit/api/testing/companyIdp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { adminToken, expectAccessible, inBrowser, learnerApi } from './journey';

// Company sign-in in Chromium: an organisation's identity provider is panva's oidc-provider on
// loopback (its own client and accounts, its own login pages). A learner types an e-mail of the
// organisation's domain on the site's sign-in page, continues with the organisation, signs in at the
// provider, and lands on the site signed in, a learner of the organisation.

const url = inject('siteUrl');
const tag = randomBytes(4).toString('hex');
const DOMAIN = `globex-${tag}.test`;
const EMAIL = `gina@${DOMAIN}`;
let browser: Browser;
let idp: CompanyIdp;
let organisationId: string;
let admin: string;

async function adminCall(method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.ok, `${method} ${path} → ${res.status}`).toBe(true);
  return res.status === 204 ? undefined : res.json();
}

beforeAll(async () => {
  browser = await launchBrowser();
  idp = await startCompanyIdp(`${url}/api/auth/sso/callback`);
  admin = await adminToken(url);
  organisationId = (
    await adminCall('POST', '/admin/organisations', { name: 'Globex', slug: `globex-${tag}` })
  ).id;
  await adminCall('PUT', `/admin/organisations/${organisationId}/identity-provider`, {
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    domains: [DOMAIN],
  });
  // The provider's login page is filled in with the typed e-mail (the login hint): that is the login.
  idp.account(EMAIL, { email: EMAIL, email_verified: true, name: 'Gina Globex' });
});
afterAll(async () => {
  await idp?.close();
  await browser?.close();
});

describe('company sign-in', () => {
  it('a learner continues with their organisation, signs in at its provider, and lands signed in', async () => {
    await inBrowser(browser, url, 'company-sign-in', async (page) => {
      await page.goto('/signin');
      // An unclaimed domain: the page asks, and no organisation is offered.
      const asked = page.waitForResponse((res) => res.url().includes('/api/auth/sso/discover'));
      await page.getByLabel('Email').fill('someone@example.com');
      await page.getByLabel('Password').focus();
      expect((await (await asked).json()).organisation).toBeNull();
      expect(await page.getByRole('link', { name: /^Continue with/ }).count()).toBe(0);

      await page.getByLabel('Email').fill(EMAIL);
      const cont = page.getByRole('link', { name: 'Continue with Globex' });
      await cont.waitFor();
      await expectAccessible(page, 'sign-in with company sign-in offered');
      await cont.click();

      // The provider's own login page.
      await page.waitForURL((u) => u.origin === idp.issuer);
      expect(await page.locator('input[name="login"]').inputValue()).toBe(EMAIL);
      await page.locator('input[name="password"]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();

      await page.waitForURL((u) => u.origin === url && u.pathname === '/', { timeout: 20_000 });
      expect(page.url()).not.toContain('access_token');
      const api = await learnerApi(page, url);
      const { user } = await api<{ user: { id: string; email: string } }>('GET', '/auth/user');
      expect(user.email).toBe(EMAIL);
      const members = (await adminCall('GET', `/admin/organisations/${organisationId}/members`)) as {
        items: Array<{ user_id: string; role: string }>;
      };
      expect(members.items).toContainEqual(expect.objectContaining({ user_id: user.id, role: 'learner' }));
    });
  });

  it('a disabled provider refuses with a clear message on the sign-in page', async () => {
    // Left out, the stored client secret stays.
    await adminCall('PUT', `/admin/organisations/${organisationId}/identity-provider`, {
      issuer: idp.issuer,
      client_id: idp.clientId,
      domains: [DOMAIN],
      enabled: false,
    });
    await inBrowser(browser, url, 'company-sign-in-disabled', async (page) => {
      await page.goto('/signin');
      await page.getByLabel('Email').fill(EMAIL);
      await page.getByRole('link', { name: 'Continue with Globex' }).click();
      await page.waitForURL((u) => u.pathname === '/signin' && u.searchParams.has('sso_error'));
      expect(await page.getByRole('alert').textContent()).toContain('turned off');
    });
  });
});
