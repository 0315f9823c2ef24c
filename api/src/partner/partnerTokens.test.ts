import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerVerifier, partnerTrustFromEnv } from './partnerTokens';

const ISSUER = 'https://intranet.partner.example';
const AUDIENCE = 'coursekit';
let server: Server;
let jwksUrl: string;
let partnerKey: CryptoKey;
let strangerKey: CryptoKey;

beforeAll(async () => {
  const partner = await generateKeyPair('RS256');
  partnerKey = partner.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(partner.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const claims: JWTPayload = { sub: 'emp-4411', email: 'Ana.Silva@Partner.example', name: 'Ana Silva' };
async function sign(
  key: CryptoKey,
  overrides: { iss?: string; aud?: string; exp?: string | number; payload?: JWTPayload } = {},
) {
  return new SignJWT(overrides.payload ?? claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(overrides.iss ?? ISSUER)
    .setAudience(overrides.aud ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(overrides.exp ?? '10m')
    .sign(key);
}

describe('partner tokens', () => {
  it('sign in a partner’s employee by subject and e-mail', async () => {
    const verify = createPartnerVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUrl });
    expect(await verify(await sign(partnerKey))).toEqual({
      ok: true,
      subject: 'emp-4411',
      email: 'ana.silva@partner.example',
      name: 'Ana Silva',
    });
  });

  it.each([
    ['wrong audience', { aud: 'someone-else' }, 'wrong_audience'],
    ['expired', { exp: Math.floor(Date.now() / 1000) - 60 }, 'expired'],
    ['no e-mail', { payload: { sub: 'emp-1' } }, 'missing_claims'],
    ['a script for an e-mail', { payload: { sub: 'emp-1', email: '<script>@x.example' } }, 'missing_claims'],
  ])('refuse a token with %s', async (_what, overrides, reason) => {
    const verify = createPartnerVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUrl });
    const result = await verify(await sign(partnerKey, overrides));
    expect(result).toMatchObject({ ok: false, notPartner: false, reason });
    expect(result.ok === false && !result.notPartner && result.message).toMatch(/^Partner token refused: /);
  });

  it('refuse a token signed with another key', async () => {
    const verify = createPartnerVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUrl });
    expect(await verify(await sign(strangerKey))).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('refuse an unsigned token (alg: none)', async () => {
    const verify = createPartnerVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUrl });
    const unsigned = new UnsecuredJWT(claims)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime('10m')
      .encode();
    expect(await verify(unsigned)).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('leave tokens of another issuer, and garbage, to the API’s own check', async () => {
    const verify = createPartnerVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUrl });
    expect(await verify(await sign(partnerKey, { iss: 'coursekit-api' }))).toEqual({
      ok: false,
      notPartner: true,
    });
    expect(await verify('not.a.jwt')).toEqual({ ok: false, notPartner: true });
  });

  it('accept an HS256 shared key, and refuse a token made with another', async () => {
    const secret = 'a-partner-shared-secret-of-32-bytes!';
    const verify = createPartnerVerifier({ issuer: ISSUER, audience: AUDIENCE, sharedSecret: secret });
    const make = (key: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(key));
    expect((await verify(await make(secret))).ok).toBe(true);
    expect(await verify(await make('another-secret-another-secret-1234'))).toMatchObject({
      reason: 'bad_signature',
    });
  });

  it('need a key to be configured with an issuer', () => {
    expect(partnerTrustFromEnv({})).toBeUndefined();
    expect(() => partnerTrustFromEnv({ PARTNER_ISSUER: ISSUER, PARTNER_AUDIENCE: AUDIENCE })).toThrow(
      /PARTNER_JWKS_URL or PARTNER_SECRET/,
    );
    expect(
      partnerTrustFromEnv({ PARTNER_ISSUER: ISSUER, PARTNER_AUDIENCE: AUDIENCE, PARTNER_SECRET: 's' }),
    ).toEqual({
      issuer: ISSUER,
      audience: AUDIENCE,
      sharedSecret: 's',
    });
  });
});
