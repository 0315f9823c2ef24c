import { CourseError, LTI_CLAIMS, ltiRole } from '@coursekit/core';
import { and, eq, gt } from 'drizzle-orm';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { openSession } from '../auth/sessions';
import { hashToken, verifyAccessToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { resolveCourse } from '../course/structure';
import { schema } from '../db/index';
import { DEEP_LINKING_REQUEST } from './deepLinkClaims';
import { sendDeepLinkingChoice } from './deepLinking';
import { recordGradeLink } from './grades';
import { ltiLearner, nameOf } from './learner';
import { bindingCookie } from './login';
import { sendErrorPage, sendScriptPage } from './pages';
import { grantRoster, recordRoster } from './roster';
import { LaunchRefused, MAX_TOKEN_AGE_S, verifyIdToken } from './verify';

const {
  ltiLoginStates: states,
  ltiRegistrations: registrations,
  ltiDeployments: deployments,
  ltiNonces,
} = schema;

const LaunchForm = z.object({
  id_token: z.string().min(1).max(20_000),
  state: z.string().min(1).max(200),
  /** The binding value the launch page read back from the platform's storage (no cookie came). */
  lti_storage_binding: z.optional(z.string().min(1).max(200)),
});

const PlatformError = z.object({
  error: z.string().min(1).max(200),
  error_description: z.optional(z.string().min(1).max(500)),
});

const EXPIRED = 'This launch has expired or was already used. Open the course again from your LMS.';

function cookieOf(req: Request, name: string): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** Which course and module a launch opens: custom parameters first, then the target link's query. */
function targetOf(claims: Record<string, unknown>, targetLinkUri: string) {
  const custom = (claims[LTI_CLAIMS.custom] ?? {}) as Record<string, unknown>;
  let query = new URLSearchParams();
  try {
    query = new URL(targetLinkUri).searchParams;
  } catch {}
  const pick = (key: string) =>
    typeof custom[key] === 'string' ? (custom[key] as string) : (query.get(key) ?? undefined);
  const module = pick('module');
  return { course: pick('course'), module: module && /^\d{1,6}$/.test(module) ? module : undefined };
}

/**
 * POST /api/lti/launch: the platform's form_post of the id_token and state. Everything is checked
 * before anything is written; then, in one transaction, the state is used up, the nonce recorded,
 * a new deployment learned, and the learner found or created. The page hands the CoursePlayer a
 * session of its own (no cookie after this) and opens the course or module; an instructor's
 * deep-linking request gets the catalog to choose from instead.
 */
export async function ltiLaunch(ctx: AppContext, req: Request, res: Response): Promise<void> {
  try {
    await launch(ctx, req, res);
  } catch (error) {
    if (error instanceof LaunchRefused) return sendErrorPage(res, error.status, error.message);
    throw error;
  }
}

async function launch(ctx: AppContext, req: Request, res: Response): Promise<void> {
  const form = LaunchForm.safeParse(req.body ?? {});
  if (!form.success) {
    // The platform's authorization answer may be an error (OpenID's error, error_description).
    const said = PlatformError.safeParse(req.body ?? {});
    if (said.success)
      throw new LaunchRefused(
        401,
        `The LMS did not sign you in to the course: ${said.data.error_description ?? said.data.error}.`,
      );
    throw new LaunchRefused(400, 'The launch is missing its id_token or state.');
  }
  const { id_token: idToken, state, lti_storage_binding: storageBinding } = form.data;
  const now = ctx.clock.now();
  const [login] = await ctx.db
    .select()
    .from(states)
    .where(and(eq(states.state, state), gt(states.expiresAt, new Date(now))));
  if (!login) throw new LaunchRefused(401, EXPIRED);
  const [registration] = await ctx.db
    .select()
    .from(registrations)
    .where(eq(registrations.id, login.registrationId));
  if (!registration) throw new LaunchRefused(401, EXPIRED);

  const cookie = cookieOf(req, bindingCookie(state));
  const bound = [cookie, storageBinding].some((v) => v !== undefined && hashToken(v) === login.bindingHash);
  if (!bound) {
    if (login.storageTarget && storageBinding === undefined) {
      // No cookie came back (a browser that blocks them in frames): read the binding from the
      // platform's storage, and post the launch again with it.
      return sendScriptPage(res, 'Opening the course…', {
        mode: 'get',
        target: login.storageTarget,
        key: `ck_lti_${state}`,
        action: '/api/lti/launch',
        id_token: idToken,
        state,
        origin: new URL(registration.authLoginUrl).origin,
      });
    }
    throw new LaunchRefused(
      401,
      'This launch did not come back to the browser that started it (its cookie or platform storage is missing).',
    );
  }

  const claims = await verifyIdToken(idToken, registration, login.nonce, now);

  const [deployment] = await ctx.db
    .select()
    .from(deployments)
    .where(
      and(eq(deployments.issuer, registration.issuer), eq(deployments.deploymentId, claims.deploymentId)),
    );
  if (deployment && deployment.registrationId !== registration.id)
    throw new LaunchRefused(401, 'The launch names a deployment of another registration.');
  if (!deployment && !registration.acceptNewDeployments)
    throw new LaunchRefused(401, 'The launch names a deployment this registration does not list.');

  const role = ltiRole(claims.payload[LTI_CLAIMS.roles] as unknown[] | undefined);
  const deepLinking = claims.messageType === DEEP_LINKING_REQUEST;
  if (deepLinking && role !== 'instructor')
    throw new LaunchRefused(403, 'Only an instructor can choose what CourseKit adds to the course.');
  const target = targetOf(claims.payload, claims.targetLinkUri);
  let course: Awaited<ReturnType<typeof resolveCourse>> | undefined;
  try {
    if (!deepLinking) course = await resolveCourse(ctx, target.course);
  } catch (error) {
    if (error instanceof CourseError && error.code === 'not_found')
      throw new LaunchRefused(
        404,
        `The course this link opens does not exist: ${target.course ?? '(default)'}.`,
      );
    throw error;
  }

  const at = new Date(now);
  const { userId, rosterId } = await ctx.db.transaction(async (tx) => {
    // Used up once: a second post of the same state (a replay, or a race) finds nothing to delete.
    const used = await tx.delete(states).where(eq(states.state, state)).returning({ state: states.state });
    if (used.length === 0) throw new LaunchRefused(401, EXPIRED);
    const fresh = await tx
      .insert(ltiNonces)
      .values({
        nonce: `${registration.issuer}\n${claims.payload.nonce as string}`,
        issuer: registration.issuer,
        expiresAt: new Date(now + MAX_TOKEN_AGE_S * 2000),
      })
      .onConflictDoNothing()
      .returning({ nonce: ltiNonces.nonce });
    if (fresh.length === 0)
      throw new LaunchRefused(401, 'This launch was already used (its nonce has been seen).');
    if (!deployment) {
      await tx.insert(deployments).values({
        registrationId: registration.id,
        issuer: registration.issuer,
        deploymentId: claims.deploymentId,
        learnedAtLaunch: true,
        createdAt: at,
      });
    }
    const learner = await ltiLearner(
      tx,
      {
        issuer: registration.issuer,
        sub: claims.sub,
        email: typeof claims.payload.email === 'string' ? claims.payload.email : undefined,
        name: nameOf(claims.payload),
      },
      at,
    );
    // Where this learner's scores go: only ever the verified launch's `sub`, line item and scopes.
    let roster: string | undefined;
    if (course) {
      const moduleId = target.module === undefined ? undefined : Number(target.module);
      roster = await recordRoster(
        tx,
        {
          registrationId: registration.id,
          resourceLinkId: claims.resourceLinkId,
          courseId: course.id,
          moduleId,
          claims: claims.payload,
        },
        at,
      );
      await recordGradeLink(
        tx,
        {
          registrationId: registration.id,
          userId: learner,
          courseId: course.id,
          moduleId,
          resourceLinkId: claims.resourceLinkId,
          sub: claims.sub,
          claims: claims.payload,
          label: target.module === undefined ? course.title : `${course.title}: module ${target.module}`,
        },
        at,
      );
    }
    return { userId: learner, rosterId: roster };
  });
  res.clearCookie(bindingCookie(state), {
    path: '/api/lti',
    secure: true,
    sameSite: 'none',
    partitioned: true,
  });
  if (!course) return sendDeepLinkingChoice(ctx, res, registration, claims);
  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.id, userId));
  const session = await openSession(ctx, user!, 'normal');
  // An instructor's launch session may read the class roster of this link's context.
  const roster = role === 'instructor' && rosterId ? rosterId : undefined;
  if (roster) {
    const checked = await verifyAccessToken(ctx, session.access_token);
    if (checked.ok) await grantRoster(ctx, checked.sessionId, roster);
  }
  sendScriptPage(res, course.title, {
    mode: 'player',
    api: '/api',
    course: course.slug,
    ...(target.module ? { module: target.module } : {}),
    ...(roster ? { roster } : {}),
    role,
    token: session.access_token,
  });
}
