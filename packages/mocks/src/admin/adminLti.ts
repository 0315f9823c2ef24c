import {
  CourseError,
  invalidInput,
  type LtiKeyRotation,
  type LtiRegistration,
  type LtiRegistrationBody,
  LtiRegistrationBodySchema,
  type LtiRegistrationLink,
  type LtiRegistrationUpdateBody,
  LtiRegistrationUpdateBodySchema,
  type LtiScoreDeliveries,
  ltiMessages,
  parseInput,
  registrationProblems,
} from '@coursekit/core';
import { now } from '../store/memoryTables';
import type { AdminTables } from './adminTables';

interface MemoryLti {
  registrations: Map<string, LtiRegistration>;
  /** The tool's key ids: the current one signs, the previous one still verifies, the rest are retired. */
  keys: { current: string; previous: string | null; retired: string[] };
}

const ltiOf = new WeakMap<AdminTables, MemoryLti>();

/**
 * The admin's LTI registrations and the tool's key on a memory store, as the reference API keeps
 * them (api/src/lti): bodies read with core's schemas, then core's registrationProblems (https
 * URLs, an organisation id), an issuer and client id registered once, a deployment id held by one
 * registration of its issuer, learned deployments remembered when the list is replaced. The key
 * ids are stand-ins: the mocks sign no launch.
 */
export function adminLti(tables: AdminTables) {
  let lti = ltiOf.get(tables);
  if (!lti) {
    lti = { registrations: new Map(), keys: { current: 'mock-tool-key-1', previous: null, retired: [] } };
    ltiOf.set(tables, lti);
  }
  const { registrations, keys } = lti;
  const uuid = () => `00000000-0000-4000-8000-${String(tables.nextId()).padStart(12, '0')}`;
  const copy = (r: LtiRegistration): LtiRegistration => ({
    ...r,
    deployments: r.deployments.map((d) => ({ ...d })),
  });

  function refuseProblems(body: LtiRegistrationUpdateBody) {
    const problems = registrationProblems(body);
    if (Object.keys(problems).length) throw invalidInput('body', problems);
  }

  function find(id: string): LtiRegistration {
    const found = registrations.get(id);
    if (!found) throw new CourseError('not_found', ltiMessages.registrationNotFound);
    return found;
  }

  function refuseTakenPair(issuer: string, clientId: string, except?: string) {
    for (const r of registrations.values())
      if (r.issuer === issuer && r.client_id === clientId && r.id !== except)
        throw new CourseError('conflict', ltiMessages.registrationTaken);
  }

  function refuseTakenDeployments(issuer: string, ids: readonly string[], except?: string) {
    for (const id of ids)
      for (const r of registrations.values())
        if (r.id !== except && r.issuer === issuer && r.deployments.some((d) => d.deployment_id === id))
          throw new CourseError('conflict', ltiMessages.deploymentTaken(id));
  }

  return {
    /** Oldest first, as the API lists them. */
    list: (): LtiRegistration[] => [...registrations.values()].map(copy),
    create(raw: unknown): LtiRegistration {
      const body: LtiRegistrationBody = parseInput(LtiRegistrationBodySchema, raw, 'body');
      refuseProblems(body);
      refuseTakenPair(body.issuer, body.client_id);
      const ids = [...new Set(body.deployments ?? [])];
      refuseTakenDeployments(body.issuer, ids);
      const at = now();
      const made: LtiRegistration = {
        id: uuid(),
        issuer: body.issuer,
        client_id: body.client_id,
        auth_login_url: body.auth_login_url,
        token_url: body.token_url,
        jwks_url: body.jwks_url,
        deployments: ids.map((deployment_id) => ({ deployment_id, learned_at_launch: false })),
        accept_new_deployments: body.accept_new_deployments ?? true,
        organisation_id: body.organisation_id ?? null,
        created_at: at,
        updated_at: at,
      };
      registrations.set(made.id, made);
      return copy(made);
    },
    update(id: string, raw: unknown): LtiRegistration {
      const body: LtiRegistrationUpdateBody = parseInput(LtiRegistrationUpdateBodySchema, raw, 'body');
      refuseProblems(body);
      const r = find(id);
      const issuer = body.issuer ?? r.issuer;
      refuseTakenPair(issuer, body.client_id ?? r.client_id, id);
      const ids =
        body.deployments !== undefined
          ? [...new Set(body.deployments)]
          : r.deployments.map((d) => d.deployment_id);
      refuseTakenDeployments(issuer, ids, id);
      const learned = new Set(r.deployments.filter((d) => d.learned_at_launch).map((d) => d.deployment_id));
      Object.assign(r, {
        issuer,
        client_id: body.client_id ?? r.client_id,
        auth_login_url: body.auth_login_url ?? r.auth_login_url,
        token_url: body.token_url ?? r.token_url,
        jwks_url: body.jwks_url ?? r.jwks_url,
        accept_new_deployments: body.accept_new_deployments ?? r.accept_new_deployments,
        organisation_id: body.organisation_id !== undefined ? body.organisation_id : r.organisation_id,
        deployments: ids.map((deployment_id) => ({
          deployment_id,
          learned_at_launch: learned.has(deployment_id),
        })),
        updated_at: now(),
      });
      return copy(r);
    },
    remove(id: string): void {
      find(id);
      registrations.delete(id);
    },
    /** As the API rotates: a new current key, the current one kept as previous, the previous retired. */
    rotateKey(): LtiKeyRotation {
      if (keys.previous) keys.retired.push(keys.previous);
      keys.previous = keys.current;
      keys.current = `mock-tool-key-${tables.nextId()}`;
      return { current: keys.current, previous: keys.previous, retired: [...keys.retired] };
    },
    /**
     * A Dynamic Registration link as the API gives one: single use, a day long. The mocks register
     * no platform with it (no LMS calls a memory store).
     */
    registrationLink(organisationId: string | null): LtiRegistrationLink {
      const problems = registrationProblems({ organisation_id: organisationId });
      if (Object.keys(problems).length) throw invalidInput('body', problems);
      const origin = globalThis.location?.origin ?? 'http://localhost';
      return {
        url: `${origin}/api/lti/register?link=mock-link-${tables.nextId()}`,
        expires_at: new Date(Date.parse(now()) + 24 * 3600 * 1000).toISOString(),
      };
    },
    /**
     * A registration's score deliveries: none, for the mocks' platforms launch nobody (no LMS calls a
     * memory store), so no score is ever queued; an unknown registration is refused as the API does.
     */
    scoreDeliveries(id: string): LtiScoreDeliveries {
      find(id);
      return { counts: { pending: 0, sent: 0, failed: 0, superseded: 0 }, items: [] };
    },
    /** A deployment id the platform sent at a launch, as the API learns it (for the demo world). */
    learnDeployment(id: string, deploymentId: string): void {
      find(id).deployments.push({ deployment_id: deploymentId, learned_at_launch: true });
    },
  };
}

/**
 * The demo scenario's LTI platforms: a Canvas with a deployment given in advance and one learned at
 * a launch, and a Moodle that accepts only its listed deployment, linked to the first organisation
 * when there is one.
 */
export function seedLti(lti: ReturnType<typeof adminLti>, organisationId: string | null) {
  const canvas = lti.create({
    issuer: 'https://canvas.instructure.com',
    client_id: '10000000000001',
    auth_login_url: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
    token_url: 'https://sso.canvaslms.com/login/oauth2/token',
    jwks_url: 'https://sso.canvaslms.com/api/lti/security/jwks',
    deployments: ['1:7c4b1a2e'],
  });
  lti.learnDeployment(canvas.id, '2:9f0d3e61');
  lti.create({
    issuer: 'https://moodle.acme.example',
    client_id: 'xJ4o2v7Q',
    auth_login_url: 'https://moodle.acme.example/mod/lti/auth.php',
    token_url: 'https://moodle.acme.example/mod/lti/token.php',
    jwks_url: 'https://moodle.acme.example/mod/lti/certs.php',
    deployments: ['3'],
    accept_new_deployments: false,
    organisation_id: organisationId,
  });
}
