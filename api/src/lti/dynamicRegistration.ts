import { randomBytes } from 'node:crypto';
import {
  invalidInput,
  isCourseError,
  LTI_RESOURCE_LINK_REQUEST,
  type LtiRegistrationLink,
  type LtiRegistrationLinkBody,
  ltiMessages,
  registrationProblems,
} from '@coursekit/core';
import { eq } from 'drizzle-orm';
import type { Request, Response } from 'express';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { logAction } from '../admin/actionLog';
import type { AdminAuth } from '../admin/guard';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { DEEP_LINKING_REQUEST } from './deepLinkClaims';
import { sendErrorPage, sendScriptPage } from './pages';
import { createRegistration } from './registrations';

// LTI Dynamic Registration 1.0. A CourseKit admin asks for a single-use link; the LMS's admin
// pastes it into the LMS, which opens it with `openid_configuration` and `registration_token`.
// The tool reads the platform's configuration, registers itself at the platform's registration
// endpoint, stores the registration (with the deployment the platform made) and answers a page
// that tells the LMS it is done. Only a link an admin made can make this server fetch a URL, and
// each link registers one platform.

const LINK_AUDIENCE = 'coursekit-lti-registration';
const LINK_ISSUER = 'coursekit-api';
/** A link's life: a day, time enough to hand it to the LMS's admin. */
export const REGISTRATION_LINK_TTL_S = 24 * 3600;
/** The `lti_nonces` issuer under which a used link's id is kept. */
const USED_LINKS = 'coursekit:registration-link';
const FETCH_TIMEOUT_MS = 5_000;

const PLATFORM_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-platform-configuration';
const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
const SCOPES = [
  'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
];

const secretOf = (ctx: AppContext) => new TextEncoder().encode(ctx.config.jwtSecret);

/** A single-use registration link for `admin`, signed with the API's secret, valid a day. */
export async function registrationLink(
  ctx: AppContext,
  admin: AdminAuth,
  body: LtiRegistrationLinkBody,
): Promise<LtiRegistrationLink> {
  const organisationId = body.organisation_id ?? null;
  const problems = registrationProblems({ organisation_id: organisationId });
  if (problems.organisation_id) throw invalidInput('body', problems);
  const now = Math.floor(ctx.clock.now() / 1000);
  const token = await new SignJWT({ org: organisationId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(LINK_ISSUER)
    .setAudience(LINK_AUDIENCE)
    .setSubject(admin.userId)
    .setJti(`registration-link:${randomBytes(16).toString('base64url')}`)
    .setIssuedAt(now)
    .setExpirationTime(now + REGISTRATION_LINK_TTL_S)
    .sign(secretOf(ctx));
  await logAction(ctx, admin, 'lti_registration_link_created', null, { organisation_id: organisationId });
  return {
    url: `${ctx.config.publicUrl}/api/lti/register?${new URLSearchParams({ link: token })}`,
    expires_at: new Date((now + REGISTRATION_LINK_TTL_S) * 1000).toISOString(),
  };
}

/** An https URL, or http on the loopback interface (a platform on this machine, in tests). */
const platformUrl = z.string().refine((value) => !registrationProblems({ issuer: value }).issuer, {
  message: 'must be an https URL',
});

const query = z.object({
  link: z.string().min(1).max(4000),
  openid_configuration: platformUrl,
  registration_token: z.string().max(4000).optional(),
});

/** The parts of a platform's OpenID configuration (LTI DR §3.4) the registration uses. */
const platformConfiguration = z.object({
  issuer: platformUrl,
  authorization_endpoint: platformUrl,
  token_endpoint: platformUrl,
  jwks_uri: platformUrl,
  registration_endpoint: platformUrl,
  [PLATFORM_CONFIGURATION]: z
    .object({ product_family_code: z.string().optional(), version: z.string().optional() })
    .passthrough()
    .optional(),
});

/** The platform's answer to the registration (OIDC DCR + the LTI tool configuration it made). */
const registrationAnswer = z.object({
  client_id: z.string().min(1).max(255),
  [TOOL_CONFIGURATION]: z
    .object({ deployment_id: z.string().min(1).max(255).optional() })
    .passthrough()
    .optional(),
});

class RegistrationRefused extends Error {}

async function readJson(res: globalThis.Response, what: string): Promise<unknown> {
  const text = await res.text();
  if (text.length > 256 * 1024) throw new RegistrationRefused(`${what} is larger than 256 KB`);
  try {
    return JSON.parse(text);
  } catch {
    throw new RegistrationRefused(`${what} is not JSON (HTTP ${res.status})`);
  }
}

const describeZod = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || 'the document'} ${issue.message}`).join('; ');

/** The client the tool asks the platform to register: LTI DR §3.5's registration request. */
function toolRegistration(ctx: AppContext): Record<string, unknown> {
  const api = `${ctx.config.publicUrl}/api`;
  const launch = `${api}/lti/launch`;
  return {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: `${api}/lti/login`,
    redirect_uris: [launch],
    client_name: 'CourseKit',
    jwks_uri: `${api}/lti/jwks`,
    token_endpoint_auth_method: 'private_key_jwt',
    scope: SCOPES.join(' '),
    [TOOL_CONFIGURATION]: {
      domain: new URL(ctx.config.publicUrl).host,
      target_link_uri: launch,
      claims: ['iss', 'sub', 'name', 'email'],
      messages: [
        { type: LTI_RESOURCE_LINK_REQUEST },
        { type: DEEP_LINKING_REQUEST, target_link_uri: launch, label: 'CourseKit course' },
      ],
    },
  };
}

/** Reads the link; answers its claims, or the words that refuse it. */
async function readLink(
  ctx: AppContext,
  link: string,
): Promise<{ admin: string; organisationId: string | null; jti: string; exp: number } | string> {
  try {
    const { payload } = await jwtVerify(link, secretOf(ctx), {
      issuer: LINK_ISSUER,
      audience: LINK_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: new Date(ctx.clock.now()),
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    const organisationId = typeof payload.org === 'string' ? payload.org : null;
    return { admin: payload.sub!, organisationId, jti: payload.jti!, exp: payload.exp! };
  } catch (err) {
    return err instanceof joseErrors.JWTExpired
      ? ltiMessages.registrationLinkExpired
      : ltiMessages.registrationLinkInvalid;
  }
}

/**
 * GET /api/lti/register: the LMS opens the admin's link. The link is claimed before any request
 * leaves, so two tabs cannot register twice; a registration that fails gives the link back.
 */
export async function ltiRegister(ctx: AppContext, req: Request, res: Response): Promise<void> {
  const parsed = query.safeParse(req.query);
  if (!parsed.success) {
    const missingLink = parsed.error.issues.some((issue) => issue.path[0] === 'link');
    sendErrorPage(
      res,
      400,
      missingLink ? ltiMessages.registrationLinkInvalid : ltiMessages.registrationParameters,
    );
    return;
  }
  const link = await readLink(ctx, parsed.data.link);
  if (typeof link === 'string') {
    sendErrorPage(res, 400, link);
    return;
  }
  const claimed = await ctx.db
    .insert(schema.ltiNonces)
    .values({ nonce: link.jti, issuer: USED_LINKS, expiresAt: new Date(link.exp * 1000) })
    .onConflictDoNothing()
    .returning({ nonce: schema.ltiNonces.nonce });
  if (claimed.length === 0) {
    sendErrorPage(res, 409, ltiMessages.registrationLinkUsed);
    return;
  }
  try {
    const registered = await register(ctx, link, parsed.data, req.get('user-agent') ?? null);
    sendScriptPage(res, 'CourseKit is registered', {
      mode: 'registered',
      message: `CourseKit is registered with ${registered.issuer}${
        registered.deploymentId ? ` (deployment ${registered.deploymentId})` : ''
      }. You can close this window.`,
    });
  } catch (err) {
    await ctx.db.delete(schema.ltiNonces).where(eq(schema.ltiNonces.nonce, link.jti));
    if (err instanceof RegistrationRefused) {
      sendErrorPage(res, 502, err.message);
      return;
    }
    if (isCourseError(err)) {
      sendErrorPage(res, err.code === 'conflict' ? 409 : 400, err.message);
      return;
    }
    throw err;
  }
}

async function register(
  ctx: AppContext,
  link: { admin: string; organisationId: string | null },
  params: z.infer<typeof query>,
  userAgent: string | null,
): Promise<{ issuer: string; deploymentId: string | undefined }> {
  let configuration: z.infer<typeof platformConfiguration>;
  try {
    const res = await fetch(params.openid_configuration, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!res.ok) throw new RegistrationRefused(ltiMessages.platformConfiguration(`HTTP ${res.status}`));
    const read = platformConfiguration.safeParse(await readJson(res, 'the configuration'));
    if (!read.success)
      throw new RegistrationRefused(ltiMessages.platformConfiguration(describeZod(read.error)));
    configuration = read.data;
  } catch (err) {
    if (err instanceof RegistrationRefused) throw err;
    throw new RegistrationRefused(ltiMessages.platformConfiguration((err as Error).message));
  }
  // LTI DR §3.5.1: the configuration's URL is under its issuer, so a platform speaks only for itself.
  if (!params.openid_configuration.startsWith(configuration.issuer.replace(/\/*$/, ''))) {
    throw new RegistrationRefused(
      ltiMessages.platformConfiguration(
        `its issuer ${configuration.issuer} is not where the configuration came from`,
      ),
    );
  }
  let answer: z.infer<typeof registrationAnswer>;
  try {
    const res = await fetch(configuration.registration_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(params.registration_token ? { authorization: `Bearer ${params.registration_token}` } : {}),
      },
      body: JSON.stringify(toolRegistration(ctx)),
      redirect: 'error',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    const body = (await readJson(res, 'the registration’s answer')) as Record<string, unknown>;
    if (!res.ok) {
      const why = [body.error, body.error_description].filter((x) => typeof x === 'string').join(': ');
      throw new RegistrationRefused(ltiMessages.platformRefused(why || `HTTP ${res.status}`));
    }
    const read = registrationAnswer.safeParse(body);
    if (!read.success) throw new RegistrationRefused(ltiMessages.platformRefused(describeZod(read.error)));
    answer = read.data;
  } catch (err) {
    if (err instanceof RegistrationRefused) throw err;
    throw new RegistrationRefused(ltiMessages.platformRefused((err as Error).message));
  }
  const deploymentId = answer[TOOL_CONFIGURATION]?.deployment_id;
  await createRegistration(
    ctx,
    { userId: link.admin, sessionId: '', userAgent },
    {
      issuer: configuration.issuer,
      client_id: answer.client_id,
      auth_login_url: configuration.authorization_endpoint,
      token_url: configuration.token_endpoint,
      jwks_url: configuration.jwks_uri,
      ...(deploymentId ? { deployments: [deploymentId] } : {}),
      organisation_id: link.organisationId,
    },
  );
  return { issuer: configuration.issuer, deploymentId };
}
