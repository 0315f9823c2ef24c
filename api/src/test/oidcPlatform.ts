import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LTI_CLAIMS, LTI_RESOURCE_LINK_REQUEST, LTI_VERSION } from '@coursekit/core';
import { createRemoteJWKSet, exportJWK, generateKeyPair, type JWK, jwtVerify } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { closeServer } from './harness';
import { platformPageHtml } from './platformPage';

// An LMS for the API's tests whose authorization server is panva's oidc-provider (OpenID-certified
// for the implicit, form_post and third-party-initiated login flows an LTI launch is): it signs
// every id_token, validates the tool's redirect URI and client, and checks the tool's
// private_key_jwt client assertions at its token endpoint. The LTI claims of a launch ride on the
// provider's own claims machinery (findAccount's claims for the openid scope). A thin layer beside
// it plays the LMS's part: the sign-in interaction, the third-party login initiation, the AGS line
// items and scores, the NRPS memberships and the deep-linking return, each service checking its
// bearer token with the provider's own token models.

const AGS_SCOPES = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadOnly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  result: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
} as const;
const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const AGS_CLAIM = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
const DL_SETTINGS_CLAIM = 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings';
const PLATFORM_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-platform-configuration';
const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
export const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';

/** The claims the platform puts in an id_token besides the provider's own (iss, aud, iat, exp, nonce, sub). */
const LAUNCH_CLAIMS = [
  'name',
  'email',
  LTI_CLAIMS.messageType,
  LTI_CLAIMS.version,
  LTI_CLAIMS.deploymentId,
  LTI_CLAIMS.targetLinkUri,
  LTI_CLAIMS.resourceLink,
  LTI_CLAIMS.roles,
  LTI_CLAIMS.context,
  LTI_CLAIMS.custom,
  AGS_CLAIM,
  NRPS_CLAIM,
  DL_SETTINGS_CLAIM,
];

/** What one launch of the LMS carries (the LMS's lti_message_hint names it). */
interface LaunchSpec {
  messageType?: string;
  deploymentId?: string;
  resourceLinkId?: string;
  roles?: string[];
  custom?: Record<string, string>;
  contextId?: string;
  /** The line item of the link, when the LMS has one (AGS claim's lineitem). */
  lineItem?: string;
  /** Extra claims a test wants in the id_token (or overriding the ones above). */
  extra?: Record<string, unknown>;
}

/** A member of a context, as NRPS lists them. */
interface Member {
  user_id: string;
  name?: string;
  email?: string;
  roles?: string[];
  status?: 'Active' | 'Inactive' | 'Deleted';
}

/** An AGS score as the platform's gradebook holds it. */
interface GradebookScore {
  lineItem: string;
  score: Record<string, unknown>;
  /** When the platform accepted it (performance.now(), for latency figures). */
  receivedAt: number;
}

interface LineItem {
  id: string;
  scoreMaximum: number;
  label: string;
  resourceId?: string;
  resourceLinkId?: string;
  tag?: string;
}

type Key = { privateJwk: JWK; kid: string };

async function newKey(kid: string): Promise<Key> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** A browser's cookie jar for the platform's origin (paths ignored: one origin, one user). */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  list(): Array<{ name: string; value: string }> {
    return [...this.cookies].map(([name, value]) => ({ name, value }));
  }
}

/** The form a page auto-posts: its action and fields. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const decode = (s: string) =>
    s
      .replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)))
      .replace(/&#x([0-9a-f]+);/gi, (_, c) => String.fromCharCode(Number.parseInt(c, 16)))
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const action = decode(/<form[^>]*action="([^"]*)"/i.exec(html)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*>/gi)) {
    const name = /name="([^"]*)"/i.exec(m[0])?.[1];
    const value = /value="([^"]*)"/i.exec(m[0])?.[1];
    if (name) fields[decode(name)] = decode(value ?? '');
  }
  return { action, fields };
}

/** The data- attributes of an LTI page's #ck-lti element. */
export function pageData(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/data-([\w-]+)="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
    ]),
  );
}

interface LaunchResult {
  status: number;
  html: string;
  data: Record<string, string>;
  headers: Headers;
  /** The id_token the provider signed and posted. */
  idToken: string;
  state: string;
}

interface PlatformBrowser {
  sub: string;
  /** The whole launch: the LMS's login initiation, the tool's redirect, the provider's form_post, the launch. */
  launch(
    spec?: LaunchSpec,
    options?: { storageTarget?: string; loginHint?: string; clientId?: string },
  ): Promise<LaunchResult>;
  /** The login and the provider's answer only: the id_token and state the browser would post. */
  authorize(
    spec?: LaunchSpec,
    options?: { loginHint?: string; clientId?: string },
  ): Promise<{ idToken: string; state: string; nonce: string; toolCookie: string; action: string }>;
  /**
   * A single-use URL on the LMS that gives a real browser this user's LMS session: its cookies, set
   * `SameSite=None; Secure` as LMSs set theirs (a launch comes back to the LMS through the tool's site).
   */
  sessionUrl(): string;
  /**
   * A launch in a real browser: the URL of the LMS's page that frames the tool's login initiation
   * (on the tool's public URL) with platform storage offered (lti_storage_target).
   */
  framedLaunch(spec?: LaunchSpec, options?: { clientId?: string }): string;
  /** Posts a launch form to the tool as this browser (with the tool's binding cookie). */
  post(form: Record<string, string>, toolCookie?: string): Promise<Omit<LaunchResult, 'idToken' | 'state'>>;
}

export interface OidcPlatform {
  issuer: string;
  clientId: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  /** The URL the LMS's AGS line-item container has for a context. */
  lineItemsUrl(contextId?: string): string;
  /** The registration body the tool's admin enters for this platform. */
  registration(): Record<string, unknown>;
  /** A browser whose user is signed in to the LMS as `sub` (through the provider's interaction). */
  signIn(sub: string, profile?: { name?: string; email?: string }): Promise<PlatformBrowser>;
  /** A new key signs id_tokens from now on; the old one stays published. */
  rotate(): Promise<void>;
  /** The gradebook: every score the platform accepted, in order. */
  scores(): GradebookScore[];
  lineItems(): LineItem[];
  /** A line item the LMS made itself (a column an instructor added): its id, for a launch's lineItem. */
  addLineItem(item: Omit<LineItem, 'id'>, contextId?: string): string;
  /** How many access tokens the tool asked of the token endpoint (client credentials). */
  tokenRequests(): number;
  /** The AGS service answers this status to every call while set (e.g. 503 while "down"). */
  agsDown(status: number | undefined): void;
  /** Scores for these users are refused with 422 and the platform's words. */
  refuseScoresFor(sub: string, message: string): void;
  /** The context's members, as NRPS lists them (status Active and the Learner role unless given). */
  setMembers(contextId: string, members: Member[]): void;
  /** NRPS answers pages of this many members, linked by rel="next" (0: one page). */
  setMemberPageSize(size: number): void;
  /** How many calls the NRPS memberships service had. */
  membershipRequests(): number;
  /** The deep-linking responses the platform accepted (their verified payloads). */
  deepLinks(): Array<Record<string, unknown>>;
  /**
   * The LMS admin's "register a tool by URL" (LTI Dynamic Registration): the URL of the platform's
   * OpenID configuration and a single-use registration token, as the LMS appends them to the tool's link.
   */
  dynamicRegistration(): Promise<{ openidConfiguration: string; registrationToken: string }>;
  /** The URL of an LMS page that frames `src` and answers platform storage and close messages. */
  framePage(src: string, title?: string): string;
  /** The metadata the provider holds for a client (a dynamically registered one too), if any. */
  client(clientId: string): Promise<Record<string, unknown> | undefined>;
  close(): Promise<void>;
}

const ACTIVITY_PROGRESS = ['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed'];
const GRADING_PROGRESS = ['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady'];
const ISO_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/** Why a posted body is not an AGS 2.0 Score (its media type and required fields), if it is not. */
function scoreProblem(type: string | undefined, score: Record<string, unknown>): string | undefined {
  if (type?.split(';')[0]?.trim() !== 'application/vnd.ims.lis.v1.score+json')
    return 'a score is posted as application/vnd.ims.lis.v1.score+json';
  if (typeof score.userId !== 'string' || score.userId === '') return 'userId is missing';
  if (!ACTIVITY_PROGRESS.includes(score.activityProgress as string)) return 'activityProgress is not valid';
  if (!GRADING_PROGRESS.includes(score.gradingProgress as string)) return 'gradingProgress is not valid';
  if (typeof score.timestamp !== 'string' || !ISO_DATE_TIME.test(score.timestamp))
    return 'timestamp is not an ISO 8601 date-time';
  if (score.scoreGiven === undefined) return undefined;
  if (typeof score.scoreGiven !== 'number' || score.scoreGiven < 0) return 'scoreGiven is not a number ≥ 0';
  if (typeof score.scoreMaximum !== 'number' || score.scoreMaximum <= 0)
    return 'scoreMaximum (> 0) must come with scoreGiven';
  return undefined;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

/** Answers JSON; true, for the service router that has answered. */
function json(res: ServerResponse, status: number, body: unknown, type = 'application/json'): true {
  res.statusCode = status;
  res.setHeader('content-type', type);
  res.end(JSON.stringify(body));
  return true;
}

/**
 * Starts the LMS. `tool` names the tool as the LMS admin registered it: its public base URL (the
 * launch's redirect URI is under it) and the URL it listens on, where the provider fetches its
 * JWKS (client assertions) and the platform fetches it too (deep-linking responses).
 */
export async function startOidcPlatform(tool: { publicUrl: string; url: string }): Promise<OidcPlatform> {
  const clientId = `tool-${randomBytes(4).toString('hex')}`;
  const launchUrl = `${tool.publicUrl}/api/lti/launch`;
  const toolJwksUrl = `${tool.url}/api/lti/jwks`;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const hints = new Map<string, LaunchSpec & { sub: string }>();
  const profiles = new Map<string, { name?: string; email?: string }>();
  const gradebook: GradebookScore[] = [];
  const lineItems: LineItem[] = [];
  const members = new Map<string, Member[]>();
  const refused = new Map<string, string>();
  const deepLinks: Array<Record<string, unknown>> = [];
  const handoffs = new Map<string, Array<{ name: string; value: string }>>();
  let down: number | undefined;
  let tokenRequests = 0;
  let membershipRequests = 0;
  let memberPageSize = 0;
  let keys = [await newKey('lms-1')];
  const toolKeys = createRemoteJWKSet(new URL(toolJwksUrl));

  function claimsFor(ctx: KoaContextWithOIDC, sub: string): Record<string, unknown> {
    const hint = (ctx.oidc.params?.lti_message_hint as string | undefined) ?? '';
    const spec = hints.get(hint);
    // A launch is only for the user it was made for (the LMS's login_hint names that user).
    if (!spec || spec.sub !== sub) return { sub };
    const contextId = spec.contextId ?? 'context-1';
    const messageType = spec.messageType ?? LTI_RESOURCE_LINK_REQUEST;
    const ags = {
      scope: [AGS_SCOPES.lineItem, AGS_SCOPES.score, AGS_SCOPES.result],
      lineitems: `${issuer}/ags/${contextId}/lineitems`,
      ...(spec.lineItem ? { lineitem: spec.lineItem } : {}),
    };
    return {
      sub,
      ...profiles.get(sub),
      [LTI_CLAIMS.messageType]: messageType,
      [LTI_CLAIMS.version]: LTI_VERSION,
      [LTI_CLAIMS.deploymentId]: spec.deploymentId ?? 'deploy-1',
      [LTI_CLAIMS.targetLinkUri]: launchUrl,
      ...(messageType === LTI_RESOURCE_LINK_REQUEST
        ? { [LTI_CLAIMS.resourceLink]: { id: spec.resourceLinkId ?? 'link-1' } }
        : {
            [DL_SETTINGS_CLAIM]: {
              deep_link_return_url: `${issuer}/deep-link-return/${hint}`,
              accept_types: ['ltiResourceLink'],
              accept_presentation_document_targets: ['iframe', 'window'],
              accept_multiple: false,
              data: `dl-${hint}`,
            },
          }),
      [LTI_CLAIMS.roles]: spec.roles ?? [LEARNER],
      [LTI_CLAIMS.context]: { id: contextId, title: 'Class of 2026', type: ['CourseSection'] },
      ...(spec.custom ? { [LTI_CLAIMS.custom]: spec.custom } : {}),
      [AGS_CLAIM]: ags,
      [NRPS_CLAIM]: {
        context_memberships_url: `${issuer}/nrps/${contextId}/memberships`,
        service_versions: ['2.0'],
      },
      ...spec.extra,
    };
  }

  const configuration = (): Configuration => ({
    clients: [
      {
        client_id: clientId,
        redirect_uris: [launchUrl],
        response_types: ['id_token'],
        grant_types: ['implicit', 'client_credentials'],
        token_endpoint_auth_method: 'private_key_jwt',
        token_endpoint_auth_signing_alg: 'RS256',
        jwks_uri: toolJwksUrl,
        scope: ['openid', ...Object.values(AGS_SCOPES), NRPS_SCOPE].join(' '),
      },
    ],
    jwks: { keys: keys.map((k) => k.privateJwk) as never },
    cookies: { keys: ['harness-cookie-key'] },
    responseTypes: ['id_token'],
    scopes: ['openid', ...Object.values(AGS_SCOPES), NRPS_SCOPE],
    claims: { openid: ['sub', ...LAUNCH_CLAIMS] },
    extraParams: ['lti_message_hint'],
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      // LTI Dynamic Registration is OIDC Dynamic Client Registration with a registration token.
      registration: { enabled: true, initialAccessToken: true },
    },
    // The platform's LTI configuration in its discovery document, and the tool's in a client's
    // metadata, where the platform adds the deployment it made for the tool.
    discovery: {
      [PLATFORM_CONFIGURATION]: {
        product_family_code: 'coursekit-test-lms',
        version: '1.0',
        messages_supported: [{ type: LTI_RESOURCE_LINK_REQUEST }, { type: 'LtiDeepLinkingRequest' }],
      },
    },
    extraClientMetadata: {
      properties: [TOOL_CONFIGURATION],
      validator(_ctx, key, value, metadata) {
        if (key !== TOOL_CONFIGURATION || !value || typeof value !== 'object') return;
        const given = value as Record<string, unknown>;
        // An LTI launch is an OpenID sign-in: the LMS allows `openid` beside the scopes the tool asked for.
        const scopes = new Set(
          String(metadata.scope ?? '')
            .split(' ')
            .filter(Boolean),
        );
        metadata.scope = [...new Set(['openid', ...scopes])].join(' ');
        metadata[key] = {
          ...given,
          deployment_id: given.deployment_id ?? `deploy-dr-${randomBytes(3).toString('hex')}`,
        };
      },
    },
    clientAuthMethods: ['private_key_jwt'],
    // The provider's own fetch refuses loopback addresses (SSRF protection); the tool whose JWKS it
    // reads to check client assertions listens on 127.0.0.1 here, so its fetch goes without that guard.
    fetch: (url, options) => globalThis.fetch(url, { ...options, dispatcher: undefined } as RequestInit),
    enabledJWA: { clientAuthSigningAlgValues: ['RS256', 'ES256', 'PS256'] },
    ttl: { ClientCredentials: 3600, IdToken: 300, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(ctx, sub) {
      return { accountId: sub, claims: async () => claimsFor(ctx, sub) as { sub: string } };
    },
    // The LMS user has used the tool before: no consent screen, every launch is granted.
    async loadExistingGrant(ctx) {
      const oidc = ctx.oidc;
      const grant = new oidc.provider.Grant({
        clientId: oidc.client!.clientId,
        accountId: oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid');
      grant.addOIDCClaims(LAUNCH_CLAIMS);
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'json';
      ctx.body = out;
    },
  });

  // A tool on this machine's loopback over http (a browser test's): oidc-provider refuses http and
  // localhost redirect URIs for the implicit flow (right for the open web), so this LMS lets those two
  // checks pass, the way oidc-provider's documentation shows for development.
  const loopbackTool = /^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(tool.publicUrl);
  const newProvider = () => {
    const made = new Provider(issuer, configuration());
    // Plain http on 127.0.0.1: the provider reads the request as it is.
    made.proxy = false;
    if (loopbackTool) {
      const schema = (made.Client as unknown as { Schema: { prototype: Record<string, unknown> } }).Schema
        .prototype as { invalidate(message: string, code?: string): void };
      const refuse = schema.invalidate;
      schema.invalidate = function invalidate(message, code) {
        if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
        refuse.call(this, message, code);
      };
    }
    return made;
  };
  let provider = newProvider();

  /** The harness's own client, or one the provider registered (Dynamic Registration). */
  const knownClient = async (id: string | undefined) =>
    id !== undefined && (id === clientId || (await provider.Client.find(id)) !== undefined);

  /** The bearer token of a service call, checked with the provider's own model, and its scopes. */
  async function bearer(req: IncomingMessage): Promise<Set<string> | undefined> {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return undefined;
    const found = (await provider.ClientCredentials.find(token)) ?? (await provider.AccessToken.find(token));
    if (!found || found.isExpired || !(await knownClient(found.clientId))) return undefined;
    return new Set((found.scope ?? '').split(' '));
  }

  async function service(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    const ags = /^\/ags\/([^/]+)\/lineitems(?:\/(\d+))?(\/scores)?$/.exec(path);
    if (ags) {
      if (down !== undefined) return json(res, down, { error: 'unavailable' });
      const scopes = await bearer(req);
      if (!scopes) return json(res, 401, { error: 'invalid_token' });
      const [, contextId, itemId, scores] = ags;
      const container = `${issuer}/ags/${contextId}/lineitems`;
      if (scores) {
        if (req.method !== 'POST' || !scopes.has(AGS_SCOPES.score))
          return json(res, 403, { error: 'insufficient_scope' });
        const item = lineItems.find((l) => l.id === `${container}/${itemId}`);
        if (!item) return json(res, 404, { error: 'No such line item' });
        const score = JSON.parse(await readBody(req)) as Record<string, unknown>;
        const problem = scoreProblem(req.headers['content-type'], score);
        if (problem) return json(res, 400, { error: problem });
        const words = refused.get(String(score.userId));
        if (words) return json(res, 422, { error: words });
        gradebook.push({ lineItem: item.id, score, receivedAt: performance.now() });
        res.statusCode = 204;
        res.end();
        return true;
      }
      if (req.method === 'POST' && !itemId) {
        if (!scopes.has(AGS_SCOPES.lineItem)) return json(res, 403, { error: 'insufficient_scope' });
        const body = JSON.parse(await readBody(req)) as Omit<LineItem, 'id'>;
        const item = { ...body, id: `${container}/${lineItems.length + 1}` };
        lineItems.push(item);
        return json(res, 201, item, 'application/vnd.ims.lis.v2.lineitem+json');
      }
      // Reading line items takes either line-item scope; the container filters as AGS lists.
      const reads = scopes.has(AGS_SCOPES.lineItem) || scopes.has(AGS_SCOPES.lineItemReadOnly);
      if (req.method === 'GET' && !reads) return json(res, 403, { error: 'insufficient_scope' });
      if (req.method === 'GET' && itemId) {
        const item = lineItems.find((l) => l.id === `${container}/${itemId}`);
        if (!item) return json(res, 404, { error: 'No such line item' });
        return json(res, 200, item, 'application/vnd.ims.lis.v2.lineitem+json');
      }
      if (req.method === 'GET') {
        const matches = (value: string | undefined, filter: string) =>
          !url.searchParams.get(filter) || value === url.searchParams.get(filter);
        const found = lineItems.filter(
          (l) =>
            l.id.startsWith(`${container}/`) &&
            matches(l.resourceId, 'resource_id') &&
            matches(l.resourceLinkId, 'resource_link_id') &&
            matches(l.tag, 'tag'),
        );
        return json(res, 200, found, 'application/vnd.ims.lis.v2.lineitemcontainer+json');
      }
      return json(res, 405, { error: 'method not allowed' });
    }
    const nrps = /^\/nrps\/([^/]+)\/memberships$/.exec(path);
    if (nrps) {
      membershipRequests += 1;
      if (req.method !== 'GET') return json(res, 405, { error: 'method not allowed' });
      const scopes = await bearer(req);
      if (!scopes) return json(res, 401, { error: 'invalid_token' });
      if (!scopes.has(NRPS_SCOPE)) return json(res, 403, { error: 'insufficient_scope' });
      // NRPS 2.0: the role filter, and pages of `limit` members linked by rel="next".
      const role = url.searchParams.get('role');
      const all = (members.get(nrps[1]!) ?? [])
        .map((m) => ({ status: 'Active', roles: [LEARNER], ...m }))
        .filter((m) => !role || m.roles.some((r) => r === role || r.endsWith(`#${role}`)));
      const limit = Number(url.searchParams.get('limit')) || memberPageSize || all.length || 1;
      const from = Number(url.searchParams.get('from')) || 0;
      const page = all.slice(from, from + limit);
      if (from + limit < all.length) {
        const next = new URL(url.href);
        next.searchParams.set('limit', String(limit));
        next.searchParams.set('from', String(from + limit));
        res.setHeader('link', `<${next.href}>; rel="next"`);
      }
      const body = { id: url.href, context: { id: nrps[1], title: 'Class of 2026' }, members: page };
      return json(res, 200, body, 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json');
    }
    const ret = /^\/deep-link-return\/([^/]+)$/.exec(path);
    if (ret && req.method === 'POST') {
      const hint = ret[1]!;
      const spec = hints.get(hint);
      const form = new URLSearchParams(await readBody(req));
      try {
        const { payload } = await jwtVerify(form.get('JWT') ?? '', toolKeys, {
          audience: issuer,
          algorithms: ['RS256'],
          maxTokenAge: 300,
          clockTolerance: 60,
        });
        if (!(await knownClient(payload.iss))) throw new Error('unknown issuer');
        if (payload[LTI_CLAIMS.messageType] !== 'LtiDeepLinkingResponse') throw new Error('wrong type');
        if (payload[LTI_CLAIMS.deploymentId] !== (spec?.deploymentId ?? 'deploy-1'))
          throw new Error('wrong deployment');
        if (payload['https://purl.imsglobal.org/spec/lti-dl/claim/data'] !== `dl-${hint}`)
          throw new Error('wrong data');
        deepLinks.push(payload as Record<string, unknown>);
        return json(res, 200, { ok: true });
      } catch (error) {
        return json(res, 400, { error: String(error) });
      }
    }
    return false;
  }

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    void (async () => {
      const interaction = /^\/interaction\/([^/]+)$/.exec(url.pathname);
      if (interaction) {
        // The LMS's own sign-in: the test names the user in the query.
        const details = await provider.interactionDetails(req, res);
        const sub = (details.params.login_hint as string) || url.searchParams.get('user') || '';
        await provider.interactionFinished(req, res, { login: { accountId: sub } });
        return;
      }
      const handoff = /^\/lms\/session\/([0-9a-f]+)$/.exec(url.pathname);
      if (handoff && req.method === 'GET') {
        const cookies = handoffs.get(handoff[1]!) ?? [];
        handoffs.delete(handoff[1]!);
        res.setHeader(
          'set-cookie',
          cookies.map((c) => `${c.name}=${c.value}; Path=/; HttpOnly; SameSite=None; Secure`),
        );
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end(cookies.length ? 'Signed in to the test LMS.' : 'This sign-in link was used already.');
        return;
      }
      if (url.pathname === '/lms/frame' && req.method === 'GET') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(
          platformPageHtml(
            url.searchParams.get('src') ?? 'about:blank',
            url.searchParams.get('title') ?? 'Tool',
          ),
        );
        return;
      }
      if (url.pathname === '/reg' && req.method === 'POST') {
        // A tool on this machine's loopback (a browser test) registers an http login URL, which
        // oidc-provider refuses (OpenID's registration asks https of it): the test LMS keeps it
        // beside the client instead, and launches use the tool's URL it was started with.
        const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
        const login = URL.parse(String(body.initiate_login_uri ?? ''));
        if (login?.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(login.hostname)) {
          delete body.initiate_login_uri;
        }
        (req as IncomingMessage & { body?: unknown }).body = body;
      }
      if (await service(req, res, url)) return;
      if (url.pathname === '/token' && req.method === 'POST') tokenRequests += 1;
      provider.callback()(req, res);
    })().catch((error) => {
      if (!res.headersSent) json(res, 500, { error: String(error) });
    });
  });

  const framePage = (src: string, title = 'Tool') =>
    `${issuer}/lms/frame?${new URLSearchParams({ src, title })}`;

  const browser = (sub: string, jar: Jar): PlatformBrowser => {
    async function authorize(spec: LaunchSpec = {}, options: { loginHint?: string; clientId?: string } = {}) {
      const hint = randomBytes(8).toString('hex');
      hints.set(hint, { ...spec, sub });
      // The LMS's third-party login initiation (a GET from the LMS's page).
      const login = await fetch(
        `${tool.url}/api/lti/login?${new URLSearchParams({
          iss: issuer,
          login_hint: options.loginHint ?? sub,
          target_link_uri: launchUrl,
          lti_message_hint: hint,
          client_id: options.clientId ?? clientId,
          lti_deployment_id: spec.deploymentId ?? 'deploy-1',
        })}`,
        { redirect: 'manual' },
      );
      const toolCookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const location = new URL(login.headers.get('location') ?? 'http://none.invalid');
      const answer = await fetch(location, { headers: { cookie: jar.header() }, redirect: 'manual' });
      jar.take(answer);
      const html = await answer.text();
      const { action, fields } = formOf(html);
      if (!fields.id_token)
        throw new Error(`the provider did not post an id_token (${answer.status}): ${html.slice(0, 500)}`);
      return {
        idToken: fields.id_token,
        state: fields.state ?? '',
        nonce: location.searchParams.get('nonce') ?? '',
        toolCookie,
        action,
      };
    }
    async function post(form: Record<string, string>, toolCookie?: string) {
      const res = await fetch(`${tool.url}/api/lti/launch`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(toolCookie ? { cookie: toolCookie } : {}),
        },
        body: new URLSearchParams(form),
        redirect: 'manual',
      });
      const html = await res.text();
      return { status: res.status, html, data: pageData(html), headers: res.headers };
    }
    return {
      sub,
      authorize,
      post,
      sessionUrl() {
        const code = randomBytes(12).toString('hex');
        handoffs.set(code, jar.list());
        return `${issuer}/lms/session/${code}`;
      },
      framedLaunch(spec = {}, options = {}) {
        const hint = randomBytes(8).toString('hex');
        hints.set(hint, { ...spec, sub });
        const login = `${tool.publicUrl}/api/lti/login?${new URLSearchParams({
          iss: issuer,
          login_hint: sub,
          target_link_uri: launchUrl,
          lti_message_hint: hint,
          client_id: options.clientId ?? clientId,
          lti_deployment_id: spec.deploymentId ?? 'deploy-1',
          lti_storage_target: '_parent',
        })}`;
        return framePage(login, 'CourseKit');
      },
      async launch(spec = {}, options = {}) {
        const auth = await authorize(spec, options);
        const out = await post({ id_token: auth.idToken, state: auth.state }, auth.toolCookie);
        return { ...out, idToken: auth.idToken, state: auth.state };
      },
    };
  };

  return {
    issuer,
    clientId,
    authUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
    lineItemsUrl: (contextId = 'context-1') => `${issuer}/ags/${contextId}/lineitems`,
    registration: () => ({
      issuer,
      client_id: clientId,
      auth_login_url: `${issuer}/auth`,
      token_url: `${issuer}/token`,
      jwks_url: `${issuer}/jwks`,
    }),
    async signIn(sub, profile = {}) {
      profiles.set(sub, {
        name: profile.name ?? `User ${sub}`,
        email: profile.email ?? `${sub}@school.test`,
      });
      const jar = new Jar();
      // Any authorization request without a session goes to the LMS's sign-in interaction.
      let next: string | null = `${issuer}/auth?${new URLSearchParams({
        client_id: clientId,
        response_type: 'id_token',
        response_mode: 'form_post',
        scope: 'openid',
        redirect_uri: launchUrl,
        nonce: 'sign-in',
        login_hint: sub,
      })}`;
      for (let hop = 0; next && hop < 6; hop += 1) {
        const res: Response = await fetch(new URL(next, issuer), {
          headers: { cookie: jar.header() },
          redirect: 'manual',
        });
        jar.take(res);
        next = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
        if (!next) await res.text();
      }
      return browser(sub, jar);
    },
    async rotate() {
      keys = [await newKey(`lms-${keys.length + 1}`), ...keys];
      // The provider's keys are fixed at construction: the LMS restarts with the new set, and its
      // users sign in again.
      provider = newProvider();
    },
    scores: () => [...gradebook],
    lineItems: () => [...lineItems],
    addLineItem(item, contextId = 'context-1') {
      const id = `${issuer}/ags/${contextId}/lineitems/${lineItems.length + 1}`;
      lineItems.push({ ...item, id });
      return id;
    },
    tokenRequests: () => tokenRequests,
    agsDown(status) {
      down = status;
    },
    refuseScoresFor(sub, message) {
      refused.set(sub, message);
    },
    setMembers(contextId, list) {
      members.set(contextId, list);
    },
    setMemberPageSize(size) {
      memberPageSize = size;
    },
    membershipRequests: () => membershipRequests,
    deepLinks: () => [...deepLinks],
    async dynamicRegistration() {
      const registrationToken = await new provider.InitialAccessToken({}).save();
      return { openidConfiguration: `${issuer}/.well-known/openid-configuration`, registrationToken };
    },
    framePage,
    async client(id) {
      const found = await provider.Client.find(id);
      return found ? (found.metadata() as Record<string, unknown>) : undefined;
    },
    async close() {
      await closeServer(server);
    },
  };
}
