import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { outsideVerdicts } from './credentialVerdicts';
import { adminToken, inBrowser, learnerApi, learnFinalQuiz, signUp, uniqueEmail } from './journey';

// An organisation that issues its people's credentials in its own name: a learner of Delta Grid
// earns the certificate, and its credential names Delta Grid and its DID. The verification page
// checks it in Chromium against Delta Grid's DID document and status list on the site, as
// verifier-core and the Python script do; after the admin revokes it, all three say revoked.

const url = inject('siteUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The admin API, each call expected to succeed. */
async function admin<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${await adminToken(url)}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.ok, `${method} ${path} → ${res.status}`).toBe(true);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

const verdict = (revoked: boolean) => ({
  core: {
    errors: [],
    steps: expect.objectContaining({ valid_signature: true, expiration: true, revocation_status: !revoked }),
  },
  python: revoked ? { verified: false, reason: 'revoked' } : { verified: true, reason: '' },
});

describe('an organisation issuing credentials in its own name', () => {
  it('its learner’s credential names it; the page, verifier-core and the script say valid, then revoked', async () => {
    const org = await admin<{ id: string }>('POST', '/admin/organisations', {
      name: 'Delta Grid',
      slug: 'delta-grid',
      issues_credentials: true,
    });
    await inBrowser(browser, url, 'organisation-credential', async (page) => {
      await signUp(page, uniqueEmail('delta'), 'Dara Delta');
      const call = await learnerApi(page, url);
      const { user } = await call<{ user: { id: string } }>('GET', '/auth/user');
      await admin('PUT', `/admin/organisations/${org.id}/members/${user.id}`, { role: 'learner' });

      // Every lesson done and the final quiz passed, through the API as the learner.
      for (const module of await call<Array<{ id: number }>>('GET', '/modules'))
        for (const lesson of await call<Array<{ lesson_key: string }>>(
          'GET',
          `/modules/${module.id}/lessons`,
        ))
          await call('PUT', `/progress/lessons/${lesson.lesson_key}`, { completed: true });
      const { quizId, key } = await learnFinalQuiz(page, url);
      const { questions } = await call<{ questions: Array<{ id: number; question_text: string }> }>(
        'GET',
        `/quizzes/${quizId}`,
      );
      const attempt = await call<{ id: number }>('POST', `/quizzes/${quizId}/attempts`);
      for (const question of questions)
        await call('POST', `/attempts/${attempt.id}/answers`, {
          question_id: question.id,
          answer: key.get(question.question_text),
        });
      await call('POST', `/attempts/${attempt.id}/complete`, {});
      const { certificate } = await call<{ certificate: { code: string } }>('GET', '/certificate');
      const { code } = certificate;

      const credential = await (await fetch(`${url}/api/certificates/${code}/credential`)).json();
      expect(credential.issuer).toMatchObject({ name: 'Delta Grid', url: `${url}/o/delta-grid` });
      const didDocument = await (await fetch(`${url}/o/delta-grid/did.json`)).json();
      expect(didDocument.id).toBe(credential.issuer.id);
      expect(credential.credentialStatus.statusListCredential).toBe(
        `${url}/api/credentials/organisations/delta-grid/status/1`,
      );

      const before = outsideVerdicts(url, credential, `${url}/o/delta-grid/did.json`);
      await page.goto(`/certificates/${encodeURIComponent(code)}`);
      await page.getByRole('heading', { name: 'Valid certificate' }).waitFor();
      const checks = page.getByRole('region', { name: 'Its Open Badges credential' }).getByRole('listitem');
      await expect.poll(() => checks.count()).toBe(5);
      for (const line of await checks.allTextContents()) expect(line).toMatch(/passed$/);
      expect(await before).toEqual(verdict(false));

      await admin('POST', `/admin/certificates/${code}/revoke`, { reason: 'Issued in error' });
      const after = outsideVerdicts(url, credential, `${url}/o/delta-grid/did.json`);
      await page.reload();
      await page.getByRole('heading', { name: 'Revoked certificate' }).waitFor();
      await page.getByText(/Status: not revoked: failed — Revoked by the issuer/).waitFor();
      expect(await checks.allTextContents()).toEqual(
        expect.arrayContaining([expect.stringMatching(/^. Signature: .*passed$/)]),
      );
      expect(await after).toEqual(verdict(true));
    });
  });
});
