import { describe, expect, it } from 'vitest';
import type { AdminAdapter, AdminOrganisationsAdapter } from '../adapter/AdminAdapter';
import type { AdminConformanceHarness } from './adminConformance';
import { CONFORMANCE_PASSWORD, uniqueTag } from './expectations';

/** The admin's organisations part; a backend under these checks has one. */
function organisationsOf(admin: AdminAdapter): AdminOrganisationsAdapter {
  expect(admin.organisations, 'AdminAdapter.organisations').toBeDefined();
  return admin.organisations!;
}

/**
 * admin §6 for organisations: every change an admin makes to an organisation (made, edited,
 * suspended and reactivated, its issuers, its identity provider, its people) is in the audit log,
 * by the same action type and with the organisation's id, on every backend.
 */
export function runAdminOrganisationChecks({ world }: AdminConformanceHarness): void {
  describe('organisations in the audit log', () => {
    it('logs each of the admin’s organisation actions with the organisation', async () => {
      const admin = await world.makeAdmin();
      const organisations = organisationsOf(admin);
      const tag = uniqueTag();
      const learner = await world.makeAdapter();
      const email = `audited.${tag}@example.com`;
      await learner.auth.signUp({ email, password: CONFORMANCE_PASSWORD });
      const person = (await admin.users.list({ search: email })).items[0]!;

      const org = await organisations.create({ name: `Audited ${tag}`, slug: `audited-${tag}` });
      await organisations.update(org.id, { name: `Audited ${tag} Ltd` });
      await organisations.update(org.id, { status: 'suspended' });
      await organisations.update(org.id, { status: 'active' });
      const withIssuer = await organisations.addIssuer(org.id, {
        issuer: `https://${tag}.login.example`,
        audience: 'coursekit',
        jwks_url: `https://${tag}.login.example/jwks`,
      });
      await organisations.removeIssuer(org.id, withIssuer.issuers[0]!.id);
      const provider = {
        issuer: `https://${tag}.idp.example`,
        client_id: 'coursekit',
        client_secret: 'a-client-secret',
        domains: [`${tag}.example`],
      };
      await organisations.setIdentityProvider(org.id, provider);
      await organisations.setIdentityProvider(org.id, { ...provider, enabled: false });
      await organisations.removeIdentityProvider(org.id);
      await organisations.setMember(org.id, person.id, 'learner');
      await organisations.setMember(org.id, person.id, 'manager');
      await organisations.removeMember(org.id, person.id);

      const logged = (await admin.audit.actions({ pageSize: 50 })).items
        .filter((a) => (a.action_details as { organisation_id?: string }).organisation_id === org.id)
        .reverse();
      expect(logged.map((a) => [a.action_type, a.target_user_id])).toEqual([
        ['organisation_created', null],
        ['organisation_updated', null],
        ['organisation_suspended', null],
        ['organisation_reactivated', null],
        ['organisation_issuer_added', null],
        ['organisation_issuer_removed', null],
        ['organisation_identity_provider_added', null],
        ['organisation_identity_provider_updated', null],
        ['organisation_identity_provider_removed', null],
        ['organisation_member_added', person.id],
        ['organisation_member_updated', person.id],
        ['organisation_member_removed', person.id],
      ]);
      // The identity provider's secret is never written into the log.
      expect(JSON.stringify(logged)).not.toContain('a-client-secret');
    });
  });
}
