import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

// Self-contained (no harness import) so the site's browser journeys can start it too.

// An organisation's identity provider for the tests: panva's oidc-provider (OpenID-certified), on
// loopback, with one confidential client (CourseKit, client_secret_basic, PKCE required) and its own
// accounts. People sign in on the provider's own login pages (its development interactions: a form
// of login and password, the login naming the account); the client is granted the openid, email and
// profile scopes beforehand, so no consent page follows.

/** A person at the provider: their claims (the login is their `sub`). */
export interface CompanyAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface CompanyIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces a person at the provider. */
  account(login: string, claims: CompanyAccount): void;
  /**
   * A browser at the provider: follows its redirects from `authorizeUrl` through the login page
   * (submitted as `login`) to the client's redirect URI, which it answers without following.
   */
  signIn(authorizeUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

/** The action and fields of the provider's login form. */
function loginFormOf(html: string): { action: string; fields: Record<string, string> } {
  // The provider's views escape & < > " ' (its htmlSafe); undone in the reverse order.
  const decode = (v: string) =>
    v
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const action = decode(/<form[^>]*action="([^"]*)"/i.exec(html)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*>/gi)) {
    const name = /name="([^"]*)"/i.exec(m[0])?.[1];
    if (name) fields[name] = decode(/value="([^"]*)"/i.exec(m[0])?.[1] ?? '');
  }
  return { action, fields };
}

/** A cookie jar for the provider's origin (one origin, paths ignored). */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(pair!.slice(0, at));
      else this.cookies.set(pair!.slice(0, at), value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const SCOPES = ['openid', 'email', 'profile'];

/** Starts the provider; `redirectUri` is CourseKit's callback as the organisation registered it. */
export async function startCompanyIdp(redirectUri: string): Promise<CompanyIdp> {
  const clientId = `coursekit-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const accounts = new Map<string, CompanyAccount>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: SCOPES,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    async findAccount(_ctx, login) {
      const claims = accounts.get(login);
      if (!claims) return undefined;
      return { accountId: login, claims: async () => ({ sub: login, ...claims }) };
    },
    // CourseKit was granted these scopes when the organisation set it up: no consent page.
    async loadExistingGrant(ctx) {
      const oidc = ctx.oidc;
      const grant = new oidc.provider.Grant({
        clientId: oidc.client!.clientId,
        accountId: oidc.session!.accountId!,
      });
      grant.addOIDCScope(SCOPES.join(' '));
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = false;
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    account(login, claims) {
      accounts.set(login, claims);
    },
    async signIn(authorizeUrl, login) {
      const jar = new Jar();
      let next = new URL(authorizeUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        if (!next.href.startsWith(issuer)) return next;
        const res: Response = await fetch(next, { headers: { cookie: jar.header() }, redirect: 'manual' });
        jar.take(res);
        const location = res.headers.get('location');
        if (location) {
          next = new URL(location, next);
          continue;
        }
        const html = await res.text();
        if (!/<form/i.test(html))
          throw new Error(`the provider answered ${res.status}: ${html.slice(0, 500)}`);
        // The provider's login page: its form, with the login and any password.
        const form = loginFormOf(html);
        const posted = await fetch(new URL(form.action, next), {
          method: 'POST',
          headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...form.fields, login, password: 'any-password' }),
          redirect: 'manual',
        });
        jar.take(posted);
        next = new URL(posted.headers.get('location') ?? '', next);
      }
      throw new Error('the provider kept redirecting');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
