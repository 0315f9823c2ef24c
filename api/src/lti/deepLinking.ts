import { createHash, randomBytes } from 'node:crypto';
import { LTI_CLAIMS, LTI_VERSION } from '@coursekit/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Request, Response } from 'express';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { DEEP_LINKING_RESPONSE, type DeepLinkingSettings, DL_CLAIMS } from './deepLinkClaims';
import { signWithToolKey } from './keys';
import { escapeHtml, sendErrorPage, sendHtmlPage, sendScriptPage } from './pages';
import type { RegistrationRow } from './registrations';
import type { LaunchClaims } from './verify';

/** How long an instructor may take to choose before the choice page expires. */
const CHOICE_TTL_S = 30 * 60;
const CHOICE_AUDIENCE = 'coursekit-lti-deep-link';
/**
 * The points every gradebook column CourseKit asks for is out of. Scores are sent in points out of
 * their own maximum (grades.ts), which the platform scales to this one.
 */
export const LINE_ITEM_MAXIMUM = 100;
/** The tag of the line items CourseKit's links create, to find them among a context's others. */
export const LINE_ITEM_TAG = 'coursekit';

/** What a choice page carries, signed by the tool: where the answer goes and for which deployment. */
interface Choice {
  registrationId: string;
  deploymentId: string;
  returnUrl: string;
  data?: string;
}

const keyOf = (ctx: AppContext) =>
  createHash('sha256').update(`lti-deep-link\n${ctx.config.jwtSecret}`).digest();

/** The line item's resourceId for a course or one of its modules (AGS finds the item by it). */
const resourceIdOf = (course: string, module?: number) =>
  module === undefined ? `course:${course}` : `course:${course}/module:${module}`;

/**
 * An instructor's deep-linking request: a page listing the published courses and their modules,
 * each a button that posts the choice back to the tool, with the request's return address signed
 * so that nobody can change where the answer goes or for which deployment it is.
 */
export async function sendDeepLinkingChoice(
  ctx: AppContext,
  res: Response,
  registration: RegistrationRow,
  claims: LaunchClaims,
): Promise<void> {
  const settings = claims.payload[DL_CLAIMS.settings] as DeepLinkingSettings;
  const choice: Choice = {
    registrationId: registration.id,
    deploymentId: claims.deploymentId,
    returnUrl: settings.deep_link_return_url,
    ...(typeof settings.data === 'string' ? { data: settings.data } : {}),
  };
  const now = Math.floor(ctx.clock.now() / 1000);
  const token = await new SignJWT({ ...choice })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(CHOICE_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + CHOICE_TTL_S)
    .sign(keyOf(ctx));
  const courses = await ctx.db
    .select({ id: schema.courses.id, slug: schema.courses.slug, title: schema.courses.title })
    .from(schema.courses)
    .where(eq(schema.courses.status, 'published'))
    .orderBy(asc(schema.courses.id));
  const modules = await ctx.db
    .select({ id: schema.modules.id, courseId: schema.modules.courseId, title: schema.modules.title })
    .from(schema.modules)
    .orderBy(asc(schema.modules.orderIndex), asc(schema.modules.id));
  const button = (slug: string, label: string, module?: number) =>
    `<form method="post" action="/api/lti/deep-link"><input type="hidden" name="choice" value="${escapeHtml(token)}"><input type="hidden" name="course" value="${escapeHtml(slug)}">${
      module === undefined ? '' : `<input type="hidden" name="module" value="${module}">`
    }<button type="submit">Add ${escapeHtml(label)}</button></form>`;
  const items = courses
    .map((c) => {
      const own = modules.filter((m) => m.courseId === c.id);
      return `<li><h2>${escapeHtml(c.title)}</h2>${button(c.slug, `the course “${c.title}”`)}<ul>${own
        .map((m) => `<li>${button(c.slug, `the module “${m.title}”`, m.id)}</li>`)
        .join('')}</ul></li>`;
    })
    .join('');
  sendHtmlPage(
    res,
    'Choose what to add',
    `<main><h1>Choose what to add to your course</h1><p>Each item gets its own gradebook column, out of ${LINE_ITEM_MAXIMUM} points.</p><ul class="ck-lti-catalog">${items}</ul></main>`,
  );
}

const ChoiceForm = z.object({
  choice: z.string().min(1).max(4000),
  course: z.string().min(1).max(200),
  module: z.optional(z.string().regex(/^\d{1,9}$/, 'Not a module id')),
});

/**
 * POST /api/lti/deep-link: the instructor's choice. The signed choice token says where the answer
 * goes; the course (and module) must exist. Answers a page that posts the signed
 * LtiDeepLinkingResponse to the platform's deep_link_return_url: one ltiResourceLink that opens the
 * course or module, with the custom parameters that name it and the lineItem that makes the
 * platform create its gradebook column.
 */
export async function deepLinkChoice(ctx: AppContext, req: Request, res: Response): Promise<void> {
  const form = ChoiceForm.safeParse(req.body ?? {});
  if (!form.success) return sendErrorPage(res, 400, 'The choice is missing the course or is not valid.');
  let choice: Choice;
  try {
    const { payload } = await jwtVerify(form.data.choice, keyOf(ctx), {
      audience: CHOICE_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: new Date(ctx.clock.now()),
    });
    choice = payload as unknown as Choice;
  } catch {
    return sendErrorPage(
      res,
      401,
      'This choice page has expired or was not made by CourseKit. Start again from your LMS.',
    );
  }
  const [registration] = await ctx.db
    .select()
    .from(schema.ltiRegistrations)
    .where(eq(schema.ltiRegistrations.id, choice.registrationId));
  if (!registration) return sendErrorPage(res, 401, 'This LMS is no longer registered with CourseKit.');
  const [course] = await ctx.db
    .select({ id: schema.courses.id, slug: schema.courses.slug, title: schema.courses.title })
    .from(schema.courses)
    .where(and(eq(schema.courses.slug, form.data.course), eq(schema.courses.status, 'published')));
  if (!course) return sendErrorPage(res, 404, `There is no course ${form.data.course}.`);
  const moduleId = form.data.module === undefined ? undefined : Number(form.data.module);
  let title = course.title;
  if (moduleId !== undefined) {
    const [module] = await ctx.db
      .select({ title: schema.modules.title })
      .from(schema.modules)
      .where(and(eq(schema.modules.id, moduleId), eq(schema.modules.courseId, course.id)));
    if (!module) return sendErrorPage(res, 404, `The course ${course.slug} has no module ${moduleId}.`);
    title = `${course.title}: ${module.title}`;
  }
  const custom: Record<string, string> = {
    course: course.slug,
    ...(moduleId === undefined ? {} : { module: String(moduleId) }),
  };
  const jwt = await signWithToolKey(
    ctx,
    {
      iss: registration.clientId,
      aud: registration.issuer,
      nonce: randomBytes(16).toString('base64url'),
      [LTI_CLAIMS.messageType]: DEEP_LINKING_RESPONSE,
      [LTI_CLAIMS.version]: LTI_VERSION,
      [LTI_CLAIMS.deploymentId]: choice.deploymentId,
      ...(choice.data === undefined ? {} : { [DL_CLAIMS.data]: choice.data }),
      [DL_CLAIMS.contentItems]: [
        {
          type: 'ltiResourceLink',
          title,
          url: `${ctx.config.publicUrl}/api/lti/launch`,
          custom,
          lineItem: {
            scoreMaximum: LINE_ITEM_MAXIMUM,
            label: title,
            resourceId: resourceIdOf(course.slug, moduleId),
            tag: LINE_ITEM_TAG,
          },
        },
      ],
    },
    { expiresInS: 5 * 60 },
  );
  sendScriptPage(
    res,
    'Adding it to your course…',
    { mode: 'return', action: choice.returnUrl, jwt },
    new URL(choice.returnUrl).origin,
  );
}
