import * as z from 'zod/mini';
import { textInput } from '../schemas/text';

// LTI 1.3: a platform (an LMS) registered with the tool, stored as data. The platform's admin
// gives the issuer, client id and URLs; the tool learns deployment ids at their first launch unless
// the registration lists them and accepts no others.

const URL_FIELDS = ['issuer', 'auth_login_url', 'token_url', 'jwks_url'] as const;
const NOT_A_PLATFORM_URL = 'Must be an https URL (http only on 127.0.0.1 or localhost)';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An https URL, or http on the loopback interface (a test platform on this machine). */
function isPlatformUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && /^(127\.0\.0\.1|localhost|\[::1\])$/.test(url.hostname))
    );
  } catch {
    return false;
  }
}

/**
 * What is wrong with a registration's fields beyond their types, by field (empty when nothing):
 * the URLs must be https (http only on the loopback), the organisation an id. The server refuses
 * such a body with a 400 naming each field, and the console's form shows the same words.
 */
export function registrationProblems(body: Partial<LtiRegistrationBody>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of URL_FIELDS) {
    const value = body[field];
    if (value !== undefined && !isPlatformUrl(value)) problems[field] = NOT_A_PLATFORM_URL;
  }
  if (body.organisation_id && !UUID.test(body.organisation_id))
    problems.organisation_id = 'Not an organisation id';
  return problems;
}

const platformUrl = () => textInput().check(z.minLength(1), z.maxLength(2000));

const deploymentId = () => textInput().check(z.minLength(1), z.maxLength(255));

export const LtiRegistrationBodySchema = z.strictObject({
  /** The platform's issuer (`iss` of its id_tokens), e.g. https://canvas.instructure.com. */
  issuer: platformUrl(),
  /** The client id the platform gave this tool (the id_tokens' `aud`). */
  client_id: textInput().check(z.minLength(1), z.maxLength(255)),
  /** The platform's OIDC authorization endpoint, where the login initiation redirects. */
  auth_login_url: platformUrl(),
  /** The platform's OAuth 2 token endpoint (Advantage services). */
  token_url: platformUrl(),
  /** The platform's public keys. */
  jwks_url: platformUrl(),
  /** Deployment ids known in advance. */
  deployments: z.optional(z.array(deploymentId()).check(z.maxLength(1000))),
  /** True (default): a new deployment id is learned at its first launch; false: only the listed ones. */
  accept_new_deployments: z.optional(z.boolean()),
  /** The organisation the platform belongs to, when organisations exist. */
  organisation_id: z.optional(z.nullable(textInput())),
});
export type LtiRegistrationBody = z.infer<typeof LtiRegistrationBodySchema>;

export const LtiRegistrationUpdateBodySchema = z.partial(LtiRegistrationBodySchema);
export type LtiRegistrationUpdateBody = z.infer<typeof LtiRegistrationUpdateBodySchema>;

export const LtiRegistrationSchema = z.object({
  id: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  auth_login_url: z.string(),
  token_url: z.string(),
  jwks_url: z.string(),
  deployments: z.array(z.object({ deployment_id: z.string(), learned_at_launch: z.boolean() })),
  accept_new_deployments: z.boolean(),
  organisation_id: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LtiRegistration = z.infer<typeof LtiRegistrationSchema>;

/** The tool's signing keys: the current one and the one it replaced (both in the JWKS). */
export const LtiKeyRotationSchema = z.object({
  current: z.string(),
  previous: z.nullable(z.string()),
  retired: z.array(z.string()),
});
export type LtiKeyRotation = z.infer<typeof LtiKeyRotationSchema>;

/** Where a score delivery (AGS) stands: waiting or retrying, accepted, refused, or replaced by a newer one. */
const LtiScoreStatusSchema = z.enum(['pending', 'sent', 'failed', 'superseded']);
export type LtiScoreStatus = z.infer<typeof LtiScoreStatusSchema>;

export const LtiScoreDeliveryQuerySchema = z.strictObject({
  status: z.optional(LtiScoreStatusSchema),
});

/** One score sent (or to be sent) to a platform's gradebook, as the admin sees it. */
const LtiScoreDeliverySchema = z.object({
  id: z.number(),
  status: LtiScoreStatusSchema,
  attempts: z.number(),
  /** The platform's words (or the network error) at the last attempt that did not succeed. */
  last_error: z.nullable(z.string()),
  /** The platform's HTTP status at the last attempt; null when the network failed or none was made. */
  last_status: z.nullable(z.number()),
  user_id: z.string(),
  /** The platform's id of the learner (the launch's `sub`). */
  platform_user_id: z.string(),
  resource_link_id: z.string(),
  line_item: z.nullable(z.string()),
  /** Points, out of score_maximum (not a percent); null while there is no score yet. */
  score_given: z.nullable(z.number()),
  score_maximum: z.nullable(z.number()),
  activity_progress: z.string(),
  grading_progress: z.string(),
  timestamp: z.string(),
  created_at: z.string(),
  next_attempt_at: z.nullable(z.string()),
  sent_at: z.nullable(z.string()),
});
export type LtiScoreDelivery = z.infer<typeof LtiScoreDeliverySchema>;

/** A registration's recent score deliveries, newest first, with the count of each status. */
export const LtiScoreDeliveriesSchema = z.object({
  counts: z.object({ pending: z.number(), sent: z.number(), failed: z.number(), superseded: z.number() }),
  items: z.array(LtiScoreDeliverySchema),
});
export type LtiScoreDeliveries = z.infer<typeof LtiScoreDeliveriesSchema>;

/** What an admin asks for to register a platform dynamically: the organisation it will belong to. */
export const LtiRegistrationLinkBodySchema = z.strictObject({
  organisation_id: z.optional(z.nullable(textInput())),
});
export type LtiRegistrationLinkBody = z.infer<typeof LtiRegistrationLinkBodySchema>;

/**
 * A single-use link for LTI Dynamic Registration: the platform's admin pastes it into the LMS,
 * which opens it with its openid_configuration and registration_token.
 */
export const LtiRegistrationLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
});
export type LtiRegistrationLink = z.infer<typeof LtiRegistrationLinkSchema>;

export const ltiMessages = {
  registrationNotFound: 'No such LTI registration.',
  registrationTaken: 'A registration with this issuer and client id already exists.',
  deploymentTaken: (id: string) => `Deployment ${id} already belongs to another registration of this issuer.`,
  registrationLinkInvalid:
    'This registration link is not valid: it was changed, or it is not from this site. Ask the site’s admin for a new one.',
  registrationLinkExpired: 'This registration link has expired. Ask the site’s admin for a new one.',
  registrationLinkUsed: 'This registration link has been used already. Ask the site’s admin for a new one.',
  registrationParameters:
    'The LMS did not send its openid_configuration (an https URL) with this registration link. Start the registration again from the LMS.',
  platformConfiguration: (why: string) => `The LMS’s configuration could not be read: ${why}`,
  platformRefused: (why: string) => `The LMS refused the registration: ${why}`,
} as const;
