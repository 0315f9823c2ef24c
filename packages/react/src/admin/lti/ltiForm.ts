import { isCourseError, type LtiRegistration, type LtiRegistrationBody, ltiMessages } from '@coursekit/core';

/** What the editor's fields hold, as typed. */
export interface LtiDraft {
  issuer: string;
  client_id: string;
  auth_login_url: string;
  token_url: string;
  jwks_url: string;
  /** One deployment id per line. */
  deployments: string;
  accept_new_deployments: boolean;
  /** '' for none. */
  organisation_id: string;
}

export type LtiField = keyof LtiDraft | 'form';

export function draftOf(r?: LtiRegistration): LtiDraft {
  return {
    issuer: r?.issuer ?? '',
    client_id: r?.client_id ?? '',
    auth_login_url: r?.auth_login_url ?? '',
    token_url: r?.token_url ?? '',
    jwks_url: r?.jwks_url ?? '',
    deployments: (r?.deployments ?? []).map((d) => d.deployment_id).join('\n'),
    accept_new_deployments: r?.accept_new_deployments ?? true,
    organisation_id: r?.organisation_id ?? '',
  };
}

/**
 * The body the fields make: trimmed text, the deployment lines without blanks, no organisation as
 * null (an edit takes a link away; a new registration simply has none). The server checks the rest.
 */
export function bodyOf(d: LtiDraft): LtiRegistrationBody {
  return {
    issuer: d.issuer.trim(),
    client_id: d.client_id.trim(),
    auth_login_url: d.auth_login_url.trim(),
    token_url: d.token_url.trim(),
    jwks_url: d.jwks_url.trim(),
    deployments: d.deployments
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    accept_new_deployments: d.accept_new_deployments,
    organisation_id: d.organisation_id || null,
  };
}

const FIELDS = new Set<string>([
  'issuer',
  'client_id',
  'auth_login_url',
  'token_url',
  'jwks_url',
  'deployments',
  'accept_new_deployments',
  'organisation_id',
]);

/**
 * A refused save's messages, at the fields they name (`deployments.2` at the deployments): the
 * server's validation errors by field, a taken issuer and client id at the client id, a deployment
 * another registration holds at the deployments; anything else for the whole form.
 */
export function fieldErrorsOf(error: unknown): Partial<Record<LtiField, string>> {
  const errors: Partial<Record<LtiField, string>> = {};
  if (isCourseError(error) && error.fields) {
    for (const [name, message] of Object.entries(error.fields)) {
      const field = name.split('.')[0] ?? '';
      errors[FIELDS.has(field) ? (field as keyof LtiDraft) : 'form'] ??= message;
    }
    return errors;
  }
  if (isCourseError(error) && error.code === 'conflict')
    return error.message === ltiMessages.registrationTaken
      ? { client_id: error.message }
      : { deployments: error.message };
  return { form: error instanceof Error ? error.message : String(error) };
}
