import { randomBytes } from 'node:crypto';
import {
  COURSE_SLUG_PATTERN,
  type CompanySignInAnswer,
  endpoints,
  ssoEndpoints,
  validateEmail,
} from '@coursekit/core';
import { arrayContains, eq, lt } from 'drizzle-orm';
import { type Request, type Response, Router } from 'express';
import * as oidc from 'openid-client';
import { openSession } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { mount } from '../http/route';
import { companyLearner, domainOf, type Provider, Refused } from './companyAccount';
import { identityProviderSecretContext } from './identityProvider';
import { inOrganisation, PLATFORM } from './scope';
import { openSecret } from './secretBox';

// Company sign-in: an organisation's OpenID Connect identity provider signs its people in, with the
// authorization code flow, PKCE (S256), and state and nonce checked by openid-client. The state row
// keeps the nonce and the PKCE verifier server-side, with the hash of a random value in a cookie that
// binds the sign-in to the browser that started it. A success lands on the site's sign-in page with
// the session in the URL hash (as the recovery link does), which the site adopts at once; a refusal
// lands there with `sso_error` naming why (core's companySignInErrors hold the words).

const { organisations, organisationIdentityProviders: providers, ssoLoginStates: states, users } = schema;

/** How long a sign-in may stay at the provider before its state expires. */
const STATE_TTL_MS = 10 * 60_000;
const COOKIE_PATH = '/api/auth/sso';
/** The cookie that binds a sign-in's state to the browser; its name carries a prefix of the state. */
const bindingCookie = (state: string) => `ck_sso_${state.slice(0, 16)}`;

const callbackUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/api/auth/sso/callback`;
const signInPage = (ctx: AppContext) => `${ctx.config.publicUrl}/signin`;

function refuse(ctx: AppContext, res: Response, err: unknown): void {
  if (!(err instanceof Refused)) {
    // The provider's answer or discovery failed: its message only (never a token or the secret).
    ctx.logger.warn({ reason: err instanceof Error ? err.message : String(err) }, 'company sign-in failed');
  }
  const code = err instanceof Refused ? err.code : 'failed';
  res.set('Cache-Control', 'no-store').redirect(302, `${signInPage(ctx)}?sso_error=${code}`);
}

/**
 * The organisation whose identity provider claims the e-mail's domain: its name and slug, or null.
 * A suspended organisation and a disabled provider are named too, so the sign-in that follows says
 * why it is refused; an unclaimed domain and a malformed address answer the same null.
 */
async function discoverCompanySignIn(ctx: AppContext, email: string): Promise<CompanySignInAnswer> {
  const domain = domainOf(email);
  if (!domain) return { organisation: null };
  const [row] = await inOrganisation(ctx.db, PLATFORM, (tx) =>
    tx
      .select({ slug: organisations.slug, name: organisations.name })
      .from(providers)
      .innerJoin(organisations, eq(organisations.id, providers.organisationId))
      .where(arrayContains(providers.domains, [domain])),
  );
  return { organisation: row ?? null };
}

/** An organisation with its identity provider, checked usable: enabled, and the organisation active. */
async function usableProvider(ctx: AppContext, where: { slug: string } | { organisationId: string }) {
  const [row] = await inOrganisation(ctx.db, PLATFORM, (tx) =>
    tx
      .select({ organisation: organisations, provider: providers })
      .from(organisations)
      .leftJoin(providers, eq(providers.organisationId, organisations.id))
      .where(
        'slug' in where ? eq(organisations.slug, where.slug) : eq(organisations.id, where.organisationId),
      ),
  );
  const provider = row?.provider;
  if (!row || !provider?.enabled) throw new Refused('unavailable');
  if (row.organisation.status !== 'active') throw new Refused('suspended');
  return { organisation: row.organisation, provider };
}

/** True for plain http on the machine itself (tests and development); https everywhere else. */
function loopback(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** openid-client's configuration of the provider: its discovery document, the client and its secret. */
async function configurationOf(ctx: AppContext, provider: Provider): Promise<oidc.Configuration> {
  const secret = openSecret(
    ctx.config.orgSecretsKey,
    provider.secretCiphertext,
    identityProviderSecretContext(provider.id),
  );
  const issuer = new URL(provider.issuer);
  return oidc.discovery(
    issuer,
    provider.clientId,
    undefined,
    oidc.ClientSecretBasic(secret),
    loopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
}

/** Expired states are swept at most this often, by the sign-ins themselves. */
const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<AppContext, number>();

async function sweep(ctx: AppContext, now: number): Promise<void> {
  const last = lastSweep.get(ctx);
  if (last !== undefined && Math.abs(now - last) < SWEEP_EVERY_MS) return;
  lastSweep.set(ctx, now);
  await ctx.db.delete(states).where(lt(states.expiresAt, new Date(now)));
}

function cookieOf(req: Request, name: string): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

const cookieOptions = (ctx: AppContext) => ({
  httpOnly: true,
  secure: ctx.config.publicUrl.startsWith('https:'),
  // Lax: the provider sends the browser back with a top-level GET, which carries it.
  sameSite: 'lax' as const,
  path: COOKIE_PATH,
});

/**
 * GET /api/auth/sso/:slug/start: keeps a new state (with its nonce and PKCE verifier) and sends the
 * browser to the organisation's identity provider. `login_hint` passes the typed e-mail on.
 */
async function startCompanySignIn(ctx: AppContext, req: Request, res: Response): Promise<void> {
  try {
    const slug = typeof req.params.slug === 'string' ? req.params.slug : '';
    if (slug.length > 100 || !COURSE_SLUG_PATTERN.test(slug)) throw new Refused('unavailable');
    const { organisation, provider } = await usableProvider(ctx, { slug });
    const config = await configurationOf(ctx, provider);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const binding = randomBytes(32).toString('base64url');
    const now = ctx.clock.now();
    await sweep(ctx, now);
    await ctx.db.insert(states).values({
      state,
      organisationId: organisation.id,
      nonce,
      codeVerifier,
      bindingHash: hashToken(binding),
      createdAt: new Date(now),
      expiresAt: new Date(now + STATE_TTL_MS),
    });
    const hint = typeof req.query.login_hint === 'string' ? validateEmail(req.query.login_hint) : undefined;
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(ctx),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(hint?.ok ? { login_hint: hint.value } : {}),
    });
    res.cookie(bindingCookie(state), binding, { ...cookieOptions(ctx), maxAge: STATE_TTL_MS });
    res.set('Cache-Control', 'no-store').redirect(302, url.href);
  } catch (err) {
    refuse(ctx, res, err);
  }
}

/**
 * GET /api/auth/sso/callback: the provider's answer. The state must be one this API issued, unused,
 * unexpired and bound to this browser; it is used up before the code is exchanged, so a replayed
 * callback finds nothing. openid-client then checks the code exchange with the PKCE verifier, the
 * id_token's signature, issuer, audience and nonce. The learner is found, linked or created, joins
 * the organisation, and a session goes to the site in the URL hash.
 */
async function companySignInCallback(ctx: AppContext, req: Request, res: Response): Promise<void> {
  try {
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    if (!state || state.length > 200) throw new Refused('expired');
    const binding = cookieOf(req, bindingCookie(state));
    const now = ctx.clock.now();
    // Used up once, whatever follows: a second callback with the same state finds nothing to delete.
    const [used] = await ctx.db.delete(states).where(eq(states.state, state)).returning();
    res.clearCookie(bindingCookie(state), cookieOptions(ctx));
    if (!used || used.expiresAt.getTime() < now) throw new Refused('expired');
    if (binding === undefined || hashToken(binding) !== used.bindingHash) throw new Refused('expired');
    const { organisation, provider } = await usableProvider(ctx, { organisationId: used.organisationId });
    const config = await configurationOf(ctx, provider);
    // The URL the provider sent the browser to, under the public address (the redirect_uri it knows).
    const current = new URL(callbackUrl(ctx));
    current.search = new URL(req.originalUrl, 'http://callback.invalid').search;
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: used.codeVerifier,
      expectedState: state,
      expectedNonce: used.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('the provider answered no id_token');
    // Many providers (oidc-provider among them) put the email and profile claims in the userinfo
    // answer rather than the id_token; openid-client checks its `sub` is the id_token's.
    const userInfo = tokens.access_token
      ? await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)
      : {};
    const claims: Record<string, unknown> = { ...idToken, ...userInfo, sub: idToken.sub };
    const userId = await companyLearner(ctx, organisation.id, provider, claims, new Date(now));
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    const session = await openSession(ctx, user!, 'normal');
    const hash = new URLSearchParams({
      access_token: session.access_token,
      refresh_token: session.refresh_token,
      type: 'sso',
    });
    res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
    res.redirect(302, `${signInPage(ctx)}#${hash}`);
  } catch (err) {
    refuse(ctx, res, err);
  }
}

/**
 * The company sign-in routes: the discovery the sign-in page asks (JSON, core's `endpoints`), and
 * the start and callback the browser follows (redirects, core's ssoEndpoints).
 */
export function companySignInRoutes(ctx: AppContext): Router {
  const router = Router();
  mount(router, ctx, endpoints.companySignIn, {}, ({ query }) => discoverCompanySignIn(ctx, query.email));
  router.get(`${ssoEndpoints.ssoStart.path}`, (req, res) => startCompanySignIn(ctx, req, res));
  router.get(`${ssoEndpoints.ssoCallback.path}`, (req, res) => companySignInCallback(ctx, req, res));
  return router;
}
