import { describe, expect, it } from 'vitest';
import type { AdminAdapter, AdminLtiAdapter } from '../adapter/AdminAdapter';
import { type LtiRegistrationBody, ltiMessages, registrationProblems } from '../lti/registration';
import { invalidInput } from '../validation/invalidInput';
import type { AdminConformanceHarness } from './adminConformance';
import { expectCourseError, uniqueTag } from './expectations';

/** A well-formed id no backend gives a registration. */
const NO_SUCH_REGISTRATION = '00000000-0000-4000-8000-ffffffffffff';

/** The admin's LTI part; a backend under these checks has one. */
function ltiOf(admin: AdminAdapter): AdminLtiAdapter {
  expect(admin.lti, 'AdminAdapter.lti').toBeDefined();
  return admin.lti!;
}

/** A platform of its own for each check (the world is shared): its issuer carries a fresh tag. */
function platform(): LtiRegistrationBody {
  const host = `https://${uniqueTag()}.lms.example`;
  return {
    issuer: host,
    client_id: 'tool-1',
    auth_login_url: `${host}/auth`,
    token_url: `${host}/token`,
    jwks_url: `${host}/jwks`,
  };
}

/**
 * LTI 1.3's registrations and the tool's key, as the console manages them: a registration's
 * fields, its deployments (given, or learned at a launch and kept when the list is replaced), the
 * per-field refusals of core's registrationProblems, the taken pairs and deployments, and a key
 * rotation that keeps the replaced key as the previous one.
 */
export function runAdminLtiChecks({ world }: AdminConformanceHarness): void {
  describe('LTI registrations and key', () => {
    it('creates, lists, edits and removes a registration', async () => {
      const lti = ltiOf(await world.makeAdmin());
      const body = { ...platform(), deployments: ['1:abc', '1:abc'] };
      const created = await lti.create(body);
      expect(created).toMatchObject({
        issuer: body.issuer,
        client_id: 'tool-1',
        auth_login_url: body.auth_login_url,
        token_url: body.token_url,
        jwks_url: body.jwks_url,
        deployments: [{ deployment_id: '1:abc', learned_at_launch: false }],
        accept_new_deployments: true,
        organisation_id: null,
      });
      expect((await lti.list()).find((r) => r.id === created.id)).toEqual(created);

      const edited = await lti.update(created.id, {
        client_id: 'tool-2',
        deployments: ['2:def', '3:ghi'],
        accept_new_deployments: false,
      });
      expect(edited).toMatchObject({
        id: created.id,
        issuer: body.issuer,
        client_id: 'tool-2',
        deployments: [
          { deployment_id: '2:def', learned_at_launch: false },
          { deployment_id: '3:ghi', learned_at_launch: false },
        ],
        accept_new_deployments: false,
      });
      expect((await lti.list()).find((r) => r.id === created.id)).toEqual(edited);

      await lti.remove(created.id);
      expect((await lti.list()).some((r) => r.id === created.id)).toBe(false);
    });

    it('refuses URLs that are not https, naming each field in core’s words, and writes nothing', async () => {
      const lti = ltiOf(await world.makeAdmin());
      const bad = { ...platform(), jwks_url: 'http://lms.example/jwks', token_url: 'not a url' };
      const problems = registrationProblems(bad);
      expect(Object.keys(problems).sort()).toEqual(['jwks_url', 'token_url']);
      const error = await expectCourseError(
        lti.create(bad),
        'validation_error',
        invalidInput('body', problems).message,
      );
      expect(error.fields).toEqual(problems);
      expect((await lti.list()).some((r) => r.issuer === bad.issuer)).toBe(false);

      const kept = await lti.create(platform());
      const refused = await expectCourseError(
        lti.update(kept.id, { auth_login_url: 'ftp://lms.example/auth' }),
        'validation_error',
        invalidInput('body', registrationProblems({ auth_login_url: 'ftp://lms.example/auth' })).message,
      );
      expect(Object.keys(refused.fields ?? {})).toEqual(['auth_login_url']);
      expect((await lti.list()).find((r) => r.id === kept.id)).toEqual(kept);
      await lti.remove(kept.id);
    });

    it('registers an issuer and client id once, and a deployment id to one registration of its issuer', async () => {
      const lti = ltiOf(await world.makeAdmin());
      const body = { ...platform(), deployments: ['1:shared'] };
      const first = await lti.create(body);
      await expectCourseError(lti.create(body), 'conflict', ltiMessages.registrationTaken);
      const second = await lti.create({ ...body, client_id: 'tool-other', deployments: [] });
      await expectCourseError(
        lti.update(second.id, { deployments: ['1:shared'] }),
        'conflict',
        ltiMessages.deploymentTaken('1:shared'),
      );
      await expectCourseError(
        lti.update(second.id, { client_id: 'tool-1' }),
        'conflict',
        ltiMessages.registrationTaken,
      );
      expect((await lti.list()).find((r) => r.id === second.id)).toEqual(second);
      await lti.remove(first.id);
      await lti.remove(second.id);
    });

    it('answers not found for a registration that does not exist', async () => {
      const lti = ltiOf(await world.makeAdmin());
      await expectCourseError(
        lti.update(NO_SUCH_REGISTRATION, { client_id: 'x' }),
        'not_found',
        ltiMessages.registrationNotFound,
      );
      await expectCourseError(
        lti.remove(NO_SUCH_REGISTRATION),
        'not_found',
        ltiMessages.registrationNotFound,
      );
    });

    it('rotates the key: the replaced one stays as the previous, the one before is retired', async () => {
      const lti = ltiOf(await world.makeAdmin());
      const first = await lti.rotateKey();
      expect(first.previous).not.toBeNull();
      expect(first.current).not.toBe(first.previous);
      const second = await lti.rotateKey();
      expect(second.previous).toBe(first.current);
      expect(second.retired).toContain(first.previous);
      expect([second.previous, ...second.retired]).not.toContain(second.current);
    });

    it('gives the tool’s URLs for a platform’s admin: login, launch (deep linking too) and keys', async () => {
      const urls = ltiOf(await world.makeAdmin()).toolUrls();
      expect(urls.login).toMatch(/\/api\/lti\/login$/);
      expect(urls.launch).toMatch(/\/api\/lti\/launch$/);
      expect(urls.deepLinking).toBe(urls.launch);
      expect(urls.jwks).toMatch(/\/api\/lti\/jwks$/);
    });

    it('gives a single-use Dynamic Registration link, valid a day; a bad organisation id is refused', async () => {
      const lti = ltiOf(await world.makeAdmin());
      const before = Date.now();
      const link = await lti.registrationLink();
      expect(new URL(link.url).pathname).toBe('/api/lti/register');
      expect(new URL(link.url).searchParams.get('link')).toBeTruthy();
      const expires = Date.parse(link.expires_at) - before;
      expect(expires).toBeGreaterThan(23 * 3600 * 1000);
      expect(expires).toBeLessThanOrEqual(24 * 3600 * 1000 + 60_000);
      expect((await lti.registrationLink()).url, 'each link is its own').not.toBe(link.url);
      await expectCourseError(
        lti.registrationLink('not-an-id'),
        'validation_error',
        invalidInput('body', registrationProblems({ organisation_id: 'not-an-id' })).message,
      );
    });
  });
}
