import {
  type AdminEndpoint,
  adminEndpoints,
  CourseError,
  type Endpoint,
  type ManagerEndpoint,
} from '@coursekit/core';
import express, { type Request, type Response, type Router } from 'express';
import type * as zm from 'zod/mini';
import { authenticate } from '../auth/sessions';
import type { AppContext } from '../context';
import { type CourseRef, resolveCourse } from '../course/structure';
import { validationError } from './errors';
import { courseParams } from './params';

export interface AuthInfo {
  userId: string;
  sessionId: string;
  /** 'partner': signed in by a trusted partner's token; no session row, never an admin. */
  sessionType: 'normal' | 'recovery' | 'partner';
}

/** An endpoint of one of core's tables. */
type AnyEndpoint = Endpoint | AdminEndpoint | ManagerEndpoint;

/**
 * Who may call an endpoint: `check` runs before any input is read (so a refused caller learns
 * nothing about the input's shape) and answers who is calling, or throws the 401/403.
 * `onInvalidInput` hears of input refused from a caller the guard let in (the admin guard records
 * it as a security event); the refusal itself is still thrown.
 */
export interface Guard<Who> {
  check(ctx: AppContext, req: Request): Promise<Who>;
  onInvalidInput?(ctx: AppContext, req: Request, who: Who, error: CourseError): Promise<void>;
}

/** The learner guard: a public endpoint lets anyone in, every other one needs a valid session. */
const sessionGuard = (endpoint: Endpoint): Guard<AuthInfo | null> => ({
  check: (ctx, req) =>
    endpoint.auth === 'none' ? Promise.resolve(null) : authenticate(ctx, req.get('authorization')),
});

type Infer<S> = S extends zm.ZodMiniType ? zm.infer<S> : undefined;
type WhoOf<E extends AnyEndpoint> = E['auth'] extends 'none' ? null : AuthInfo;

interface ParamsSchema<P> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: P }
    | { success: false; error: { issues: Parameters<typeof validationError>[0] } };
}

export interface HandlerInput<E extends AnyEndpoint, Who, P> {
  /** Who the guard let in. */
  auth: Who;
  body: Infer<E['body']>;
  query: E extends { query: infer Q } ? Infer<Q> : undefined;
  params: P;
  /** The course a course-scoped endpoint is about (`/courses/:course/…` or the default); else undefined. */
  course: E extends { scope: 'course' } ? CourseRef : undefined;
  req: Request;
  res: Response;
}

export interface MountOptions<Who, P> {
  /** Defaults to the learner guard of the endpoint's `auth`; admin endpoints must pass theirs. */
  guard?: Guard<Who>;
  params?: ParamsSchema<P>;
  /** The success status when not 200/204; an admin endpoint's table entry may also name it. */
  status?: number;
}

function parse(schema: ParamsSchema<unknown> | zm.ZodMiniType | undefined, value: unknown, part: string) {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error.issues as never, part);
  return parsed.data;
}

/**
 * Mounts one endpoint of core's tables (`endpoints`, `adminEndpoints`): its method and path, its
 * guard, its path, query and body schemas; the handler answers the value to send (JSON, with
 * `status`) or undefined for 204.
 */
export function mount<E extends AnyEndpoint, Who = WhoOf<E>, P = Record<string, never>>(
  router: Router,
  ctx: AppContext,
  endpoint: E,
  options: E extends AdminEndpoint | ManagerEndpoint
    ? MountOptions<Who, P> & { guard: Guard<Who> }
    : MountOptions<Who, P>,
  handler: (input: HandlerInput<E, Who, P>) => Promise<unknown>,
): void {
  if ((endpoint.auth === 'admin' || endpoint.auth === 'manager') && !options.guard) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} is an ${endpoint.auth} endpoint: mount it with its guard`,
    );
  }
  const guard = options.guard ?? (sessionGuard(endpoint as Endpoint) as Guard<unknown> as Guard<Who>);
  const query = 'query' in endpoint ? endpoint.query : undefined;
  const status = options.status ?? ('status' in endpoint ? endpoint.status : undefined) ?? 200;
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const scoped = 'scope' in endpoint && endpoint.scope === 'course';
  const paths = scoped ? [endpoint.path, `/courses/:course${endpoint.path}`] : [endpoint.path];
  const bodyLimit = 'bodyLimit' in endpoint ? endpoint.bodyLimit : undefined;
  const handle = async (req: Request, res: Response) => {
    const who = await guard.check(ctx, req);
    // A large body is read only now, for a caller the guard let in (the API's parser skipped it).
    if (bodyLimit !== undefined) await readJson(req, res, bodyLimit);
    let answer: unknown;
    try {
      const { course: slug, ...rest } = req.params as Record<string, string>;
      // A malformed slug is a bad path (400), an unknown one a missing course (404). An admin
      // reaches a draft course too; a learner only a published or archived one.
      if (scoped && slug !== undefined) parse(courseParams, { course: slug }, 'path');
      const course = scoped
        ? await resolveCourse(ctx, slug, { drafts: endpoint.auth === 'admin' })
        : undefined;
      const params = scoped ? rest : req.params;
      const input = {
        auth: who,
        course,
        params: (parse(options.params, params, 'path') ?? {}) as P,
        query: parse(query, req.query ?? {}, 'query'),
        body: parse(endpoint.body, req.body ?? {}, 'body'),
        req,
        res,
      };
      answer = await handler(input as HandlerInput<E, Who, P>);
    } catch (err) {
      if (err instanceof CourseError && err.code === 'validation_error') {
        await guard.onInvalidInput?.(ctx, req, who, err);
      }
      throw err;
    }
    if (res.headersSent) return;
    if (answer === undefined) res.status(204).end();
    else res.status(status).json(answer);
  };
  // One route per path, so the route table (access matrix, metrics labels) names each on its own.
  for (const path of paths) router[method](path, handle);
}

/** Parses a JSON body the API's own parser left for the route (see `largeBodyRoute`). */
function readJson(req: Request, res: Response, limit: number): Promise<void> {
  return new Promise((resolve, reject) => {
    express.json({ limit, strict: true })(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
  });
}

const largeBodyRoutes = ([...Object.values(adminEndpoints)] as Array<Endpoint | AdminEndpoint>).flatMap(
  (e) =>
    'bodyLimit' in e && e.bodyLimit !== undefined
      ? [{ method: e.method, path: new RegExp(`^${e.path.replace(/:\w+/g, '[^/]+')}$`) }]
      : [],
);

/**
 * Whether a request is for a route that reads its own, larger JSON body after its guard (core's
 * `bodyLimit`): the API's parser leaves it alone. `path` is relative to /api.
 */
export function largeBodyRoute(req: Pick<Request, 'method' | 'path'>): boolean {
  return largeBodyRoutes.some((r) => r.method === req.method && r.path.test(req.path));
}
