import { randomBytes } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { closeServer } from './harness';
import type { OidcPlatform } from './oidcPlatform';
import { scratchDatabase } from './scratchDatabase';

// ltijs (1EdTech-certified LTI Advantage Complete) as a second tool in the LTI harness: a scenario
// of the harness counts only if this tool passes it too, so the harness, and not only CourseKit's
// reading of the spec, is what is proven. It mounts on its own http server at the same paths as
// CourseKit's tool (login, launch, JWKS, registration under /api/lti) and keeps its platforms, keys,
// nonces and sessions in a throw-away PostgreSQL database through ltijs-sequelize.

const require = createRequire(import.meta.url);

/** What ltijs hands a launch's handler (res.locals.token): the launch's claims, as ltijs keeps them. */
export interface LtijsIdToken {
  iss: string;
  user: string;
  clientId: string;
  deploymentId: string;
  userInfo: { name?: string; email?: string };
  platformContext: {
    messageType: string;
    roles: string[];
    custom?: Record<string, string>;
    context?: { id: string };
    resource?: { id: string };
    endpoint?: { lineitems?: string; lineitem?: string; scope?: string[] };
    namesRoles?: { context_memberships_url: string };
    deepLinkingSettings?: { deep_link_return_url: string; data?: string };
  };
}

type Json = Record<string, unknown>;
interface ExpressResponse {
  status(code: number): ExpressResponse;
  json(body: unknown): void;
  send(body: string): void;
}
type Handler = (token: LtijsIdToken, req: unknown, res: ExpressResponse) => unknown;

/** The part of ltijs's Provider these tests use (its own types are for ltijs 4). */
interface LtijsProvider {
  app: RequestListener;
  Database: { setup(): Promise<unknown>; Close(): Promise<unknown> };
  setup(key: string, database: { plugin: unknown }, options: Json): LtijsProvider;
  onConnect(handler: Handler): void;
  onDeepLinking(handler: Handler): void;
  onInvalidToken(
    handler: (req: unknown, res: ExpressResponse & { locals: { err: unknown } }) => unknown,
  ): void;
  registerPlatform(platform: Json): Promise<unknown>;
  getAllPlatforms(): Promise<Array<{ platformClientId(): Promise<string> }>>;
  Grade: {
    createLineItem(token: LtijsIdToken, item: Json, options?: Json): Promise<Json & { id: string }>;
    getLineItems(token: LtijsIdToken, options?: Json): Promise<{ lineItems: Array<Json & { id: string }> }>;
    submitScore(token: LtijsIdToken, lineItemId: string, score: Json): Promise<Json>;
  };
  DeepLinking: { createDeepLinkingForm(token: LtijsIdToken, items: Json[], options?: Json): Promise<string> };
  NamesAndRoles: { getMembers(token: LtijsIdToken, options?: Json): Promise<{ members: Json[] }> };
}

export interface LtijsTool {
  /** Where ltijs listens (the harness's `tool.url`). */
  url: string;
  lti: LtijsProvider;
  /** Every launch ltijs accepted, in order (the token its handler got). */
  launches: LtijsIdToken[];
  /** Registers the harness's platform in ltijs by hand (its static client). */
  register(platform: OidcPlatform): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts ltijs on 127.0.0.1 with a fresh database on `adminUrl`'s server. A resource-link launch
 * answers its token as JSON; a deep-linking launch answers ltijs's auto-posting form with
 * `contentItems`. `publicUrl` is the tool's URL as the platform knows it (its dynamic registration).
 */
export async function startLtijsTool(options: {
  adminUrl: string;
  publicUrl: string;
  contentItems: Json[];
}): Promise<LtijsTool> {
  // Loaded here, not at import: a run that skips ltijs loads neither it nor Sequelize nor Mongoose.
  const SequelizeDatabase = require('ltijs-sequelize') as new (
    database: string,
    user: string,
    pass: string,
    options: Json,
  ) => unknown;
  // ltijs exports one Provider; each tool here is a new one of its class, so nothing is shared.
  const ProviderClass = (require('ltijs') as { Provider: object }).Provider
    .constructor as new () => LtijsProvider;
  const scratch = await scratchDatabase(options.adminUrl, 'ltijs');
  const url = new URL(scratch.url);
  const database = new SequelizeDatabase(scratch.name, decodeURIComponent(url.username), url.password, {
    host: url.hostname,
    port: Number(url.port || 5432),
    dialect: 'postgres',
    logging: false,
    pool: { max: 4, idle: 1_000 },
  });
  const lti = new ProviderClass().setup(
    randomBytes(16).toString('hex'),
    { plugin: database },
    {
      appRoute: '/api/lti/launch',
      loginRoute: '/api/lti/login',
      keysetRoute: '/api/lti/jwks',
      dynRegRoute: '/api/lti/register',
      cors: false,
      // ltijs refuses an id_token older than 10 s by default; a loaded machine can take longer between
      // the provider's signature and the post (CourseKit's tool takes one up to 10 minutes old).
      tokenMaxAge: 60,
      dynReg: { url: options.publicUrl, name: 'ltijs in the CourseKit harness', autoActivate: true },
    },
  );
  const launches: LtijsIdToken[] = [];
  lti.onConnect((token, _req, res) => {
    launches.push(token);
    res.json(token);
  });
  lti.onDeepLinking(async (token, _req, res) => {
    launches.push(token);
    res.send(await lti.DeepLinking.createDeepLinkingForm(token, options.contentItems));
  });
  // A refused launch answers ltijs's reason (its default does too, as JSON; kept explicit here).
  lti.onInvalidToken((_req, res) => res.status(401).json(res.locals.err));

  // ltijs's deploy() would also hook SIGINT and exit the process on a failed start: the database is
  // opened here instead. Its migration runner reports each step on console.info: kept quiet.
  // biome-ignore lint/suspicious/noConsole: silenced while ltijs migrates, restored after
  const info = console.info;
  console.info = () => {};
  try {
    await lti.Database.setup();
  } catch (error) {
    await scratch.drop();
    throw error;
  } finally {
    console.info = info;
  }
  const server: Server = createServer(lti.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lti,
    launches,
    async register(platform) {
      await lti.registerPlatform({
        url: platform.issuer,
        name: 'CourseKit harness LMS',
        clientId: platform.clientId,
        authenticationEndpoint: platform.authUrl,
        accesstokenEndpoint: platform.tokenUrl,
        authConfig: { method: 'JWK_SET', key: platform.jwksUrl },
      });
    },
    async close() {
      await closeServer(server);
      await lti.Database.Close();
      await scratch.drop();
    },
  };
}

/**
 * The browser's next step after ltijs accepted a launch: ltijs answers the form_post with a redirect
 * to the launch route carrying its `ltik` and a session cookie; the browser follows it with the cookie.
 */
export async function followLaunch(
  tool: LtijsTool,
  posted: { status: number; html: string; headers: Headers },
): Promise<{ status: number; body: string }> {
  const location = posted.headers.get('location');
  if (posted.status !== 302 || !location)
    throw new Error(`ltijs refused the launch (${posted.status}): ${posted.html.slice(0, 500)}`);
  const cookie = posted.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
  const res = await fetch(new URL(location, tool.url), { headers: { cookie }, redirect: 'manual' });
  return { status: res.status, body: await res.text() };
}
