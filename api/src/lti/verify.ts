import { LTI_CLAIMS, LTI_RESOURCE_LINK_REQUEST, LTI_VERSION } from '@coursekit/core';
import { errors, type JWTPayload, jwtVerify } from 'jose';
import { DEEP_LINKING_REQUEST, DL_CLAIMS } from './deepLinkClaims';
import { platformKeys } from './platformKeys';
import type { RegistrationRow } from './registrations';

/** How far the platform's clock may be from ours, either way. */
const CLOCK_SKEW_S = 60;
/** An id_token older than this is not accepted, whatever its `exp` says. */
export const MAX_TOKEN_AGE_S = 10 * 60;
/** Asymmetric algorithms only: `none` and HS256 (which a public key would "verify") never pass. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384'];

/** A refused launch: the HTTP status and the words the error page shows. */
export class LaunchRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (message: string) => new LaunchRefused(401, message);

export interface LaunchClaims {
  payload: JWTPayload & Record<string, unknown>;
  sub: string;
  deploymentId: string;
  targetLinkUri: string;
  messageType: typeof LTI_RESOURCE_LINK_REQUEST | typeof DEEP_LINKING_REQUEST;
  /** The resource link of a resource-link launch; none in a deep-linking request. */
  resourceLinkId: string | undefined;
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2000) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Checks an id_token against its registration: signature by the platform's JWKS (fetched again for
 * an unknown kid), iss, aud (and azp when there are several audiences or azp is sent), exp and iat
 * within the skew, the login's nonce, and the LTI claims of a resource-link launch or a deep-linking request.
 */
export async function verifyIdToken(
  idToken: string,
  registration: RegistrationRow,
  expectedNonce: string,
  now: number,
): Promise<LaunchClaims> {
  let payload: JWTPayload & Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, platformKeys(registration.jwksUrl, { now: () => now }), {
      issuer: registration.issuer,
      audience: registration.clientId,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_SKEW_S,
      maxTokenAge: MAX_TOKEN_AGE_S,
      currentDate: new Date(now),
      requiredClaims: ['exp', 'iat', 'nonce'],
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw refuse('The launch has expired (its id_token is too old).');
    if (error instanceof errors.JWTClaimValidationFailed) {
      if (error.claim === 'aud') throw refuse('The launch was meant for another tool (wrong audience).');
      if (error.claim === 'iss')
        throw refuse('The launch does not come from the registered platform (wrong issuer).');
      if (error.claim === 'iat' || error.claim === 'exp')
        throw refuse('The launch has expired (its id_token is too old).');
      throw refuse(`The launch's id_token is missing the ${error.claim} claim.`);
    }
    if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported)
      throw refuse('The launch is not signed with an accepted algorithm.');
    if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed)
      throw refuse("The launch's signature does not match the platform's keys.");
    if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid)
      throw new LaunchRefused(502, "The platform's public keys could not be fetched. Try again in a moment.");
    throw refuse("The launch's id_token is not a valid signed token.");
  }
  if (typeof payload.iat === 'number' && payload.iat > now / 1000 + CLOCK_SKEW_S)
    throw refuse('The launch is dated in the future.');
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== registration.clientId)
    throw refuse('The launch was meant for another tool (wrong authorized party).');
  if (payload.nonce !== expectedNonce) throw refuse('The launch does not answer this login (wrong nonce).');
  if (payload[LTI_CLAIMS.version] !== LTI_VERSION)
    throw refuse(`The launch is not LTI ${LTI_VERSION} (version claim).`);
  const type = payload[LTI_CLAIMS.messageType];
  if (type !== LTI_RESOURCE_LINK_REQUEST && type !== DEEP_LINKING_REQUEST)
    throw new LaunchRefused(400, `CourseKit cannot open an LTI message of type ${String(type)} yet.`);
  const deploymentId = payload[LTI_CLAIMS.deploymentId];
  const targetLinkUri = payload[LTI_CLAIMS.targetLinkUri];
  const link = payload[LTI_CLAIMS.resourceLink] as { id?: unknown } | undefined;
  if (typeof deploymentId !== 'string' || !deploymentId || deploymentId.length > 255)
    throw refuse("The launch's id_token is missing the deployment_id claim.");
  if (typeof targetLinkUri !== 'string' || !targetLinkUri)
    throw refuse("The launch's id_token is missing the target_link_uri claim.");
  if (type === LTI_RESOURCE_LINK_REQUEST && (typeof link?.id !== 'string' || !link.id))
    throw refuse("The launch's id_token is missing the resource_link claim.");
  const settings = payload[DL_CLAIMS.settings] as { deep_link_return_url?: unknown } | undefined;
  if (type === DEEP_LINKING_REQUEST && !isHttpUrl(settings?.deep_link_return_url))
    throw refuse('The deep-linking request is missing its deep_link_return_url.');
  if (typeof payload.sub !== 'string' || !payload.sub || payload.sub.length > 255)
    throw refuse('CourseKit needs to know who is launching: the id_token has no user (sub).');
  return {
    payload,
    messageType: type,
    sub: payload.sub,
    deploymentId,
    targetLinkUri,
    resourceLinkId: typeof link?.id === 'string' ? link.id : undefined,
  };
}
