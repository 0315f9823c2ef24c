import { messages, validateEmail } from '@coursekit/core';
import { createRemoteJWKSet, decodeJwt, errors, type JWTVerifyGetKey, jwtVerify } from 'jose';

/**
 * A partner whose signed tokens the API trusts: its employees become learners without a
 * second password. Configured with PARTNER_ISSUER, PARTNER_AUDIENCE and either PARTNER_JWKS_URL
 * (RS/ES/PS/EdDSA keys) or PARTNER_SECRET (HS256 shared key).
 */
export interface PartnerTrust {
  issuer: string;
  audience: string;
  jwksUrl?: string;
  sharedSecret?: string;
}

export function partnerTrustFromEnv(env: NodeJS.ProcessEnv): PartnerTrust | undefined {
  const issuer = env.PARTNER_ISSUER;
  const audience = env.PARTNER_AUDIENCE;
  if (!issuer || !audience) return undefined;
  if (!env.PARTNER_JWKS_URL && !env.PARTNER_SECRET) {
    throw new Error(
      'PARTNER_ISSUER is set: set PARTNER_JWKS_URL or PARTNER_SECRET too, or the tokens cannot be checked',
    );
  }
  return {
    issuer,
    audience,
    ...(env.PARTNER_JWKS_URL ? { jwksUrl: env.PARTNER_JWKS_URL } : {}),
    ...(env.PARTNER_SECRET ? { sharedSecret: env.PARTNER_SECRET } : {}),
  };
}

type PartnerRefusal = 'wrong_audience' | 'bad_signature' | 'expired' | 'missing_claims';

export type PartnerCheck =
  | { ok: true; subject: string; email: string; name: string | null }
  /** The token is not this partner's (another issuer): let the API's own tokens be tried. */
  | { ok: false; notPartner: true }
  | { ok: false; notPartner: false; reason: PartnerRefusal; message: string };

const MESSAGES: Record<PartnerRefusal, string> = {
  wrong_audience: messages.partnerWrongAudience,
  bad_signature: messages.partnerBadSignature,
  expired: messages.partnerExpired,
  missing_claims: messages.partnerMissingClaims,
};

const refuse = (reason: PartnerRefusal): PartnerCheck => ({
  ok: false,
  notPartner: false,
  reason,
  message: MESSAGES[reason],
});

/** Checks partner tokens: issuer, audience, signature, expiry, and the claims a learner needs. */
export function createPartnerVerifier(trust: PartnerTrust, options: { now?: () => number } = {}) {
  const key: Uint8Array | JWTVerifyGetKey = trust.jwksUrl
    ? createRemoteJWKSet(new URL(trust.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 })
    : new TextEncoder().encode(trust.sharedSecret ?? '');
  const algorithms = trust.jwksUrl ? ['RS256', 'PS256', 'ES256', 'EdDSA'] : ['HS256'];

  return async function verifyPartnerToken(token: string): Promise<PartnerCheck> {
    let issuer: unknown;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      return { ok: false, notPartner: true };
    }
    if (issuer !== trust.issuer) return { ok: false, notPartner: true };
    try {
      const { payload } = await jwtVerify(token, key as Uint8Array, {
        issuer: trust.issuer,
        audience: trust.audience,
        algorithms,
        currentDate: new Date(options.now?.() ?? Date.now()),
        requiredClaims: ['exp'],
      });
      const email = typeof payload.email === 'string' ? validateEmail(payload.email) : null;
      if (typeof payload.sub !== 'string' || !payload.sub || !email?.ok) return refuse('missing_claims');
      return {
        ok: true,
        subject: payload.sub,
        email: email.value,
        name: typeof payload.name === 'string' ? payload.name : null,
      };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return refuse('expired');
      if (error instanceof errors.JWTClaimValidationFailed) {
        return refuse(
          error.claim === 'aud' ? 'wrong_audience' : error.claim === 'exp' ? 'expired' : 'missing_claims',
        );
      }
      return refuse('bad_signature');
    }
  };
}
