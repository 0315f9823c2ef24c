import * as z from 'zod/mini';
import { COURSE_SLUG_PATTERN } from './studio';
import { textInput } from './text';

// Organisations: the partners of one platform, each with its trusted token issuers, the origins
// whose pages may embed the player, its theme tokens, the courses its people see, an optional seat
// limit, and its people (memberships: learner or manager).

export const ORGANISATION_STATUSES = ['active', 'suspended'] as const;
export const ORGANISATION_ROLES = ['learner', 'manager'] as const;
export const OrganisationStatusSchema = z.enum(ORGANISATION_STATUSES);
export const OrganisationRoleSchema = z.enum(ORGANISATION_ROLES);

/** The colour tokens an organisation may set (the widgets' `CourseTheme.color` keys). */
export const THEME_COLOUR_TOKENS = [
  'brand',
  'brandContrast',
  'text',
  'muted',
  'background',
  'surface',
  'border',
  'success',
  'info',
  'warning',
  'danger',
  'focus',
] as const;

/**
 * Values that can only ever be what they say: a hex colour, a font stack of names and quotes, an
 * https logo. The theme reaches other people's pages as CSS custom properties, so nothing that
 * could close a declaration or load a URL (`;`, `}`, `url(`) gets in.
 */
// Each registers an example: the OpenAPI document shows it, and the API's hostile-input suite builds
// its otherwise valid requests from it.
const colour = textInput()
  .check(z.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'A colour like #0b6e4f'))
  .register(z.globalRegistry, { examples: ['#0b6e4f'] });
const fontStack = textInput().check(
  z.regex(/^[A-Za-z0-9 _,'"-]{1,200}$/, "Font names separated by commas, like 'Source Sans 3', sans-serif"),
);

/** True for an absolute URL of this scheme, or http on the machine itself (loopback, for tests and dev). */
function secureUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}
const httpsUrl = (message: string) =>
  textInput()
    .check(z.maxLength(2000), z.refine(secureUrl, message))
    .register(z.globalRegistry, { examples: ['https://login.example.com/keys'] });

/** An origin: scheme, host and port only (`https://intranet.example.com`). */
export function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

export const OrganisationThemeSchema = z.strictObject({
  color: z.optional(z.partialRecord(z.enum(THEME_COLOUR_TOKENS), colour)),
  font: z.optional(z.strictObject({ body: z.optional(fontStack), heading: z.optional(fontStack) })),
  logo_url: z.optional(z.nullable(httpsUrl('An https address of the logo image'))),
});
export type OrganisationTheme = z.infer<typeof OrganisationThemeSchema>;

const organisationSlug = textInput().check(
  z.regex(COURSE_SLUG_PATTERN, 'Lower-case words joined by hyphens'),
  z.maxLength(100),
);
const origin = textInput()
  .check(z.refine(isOrigin, 'An origin like https://intranet.example.com (scheme, host and port only)'))
  .register(z.globalRegistry, { examples: ['https://intranet.example.com'] });
/** 'all' courses of the platform, or the slugs of the chosen ones. */
const courseChoice = z.union([
  z.literal('all'),
  z.array(textInput().check(z.regex(COURSE_SLUG_PATTERN, 'Not a course slug'))).check(z.maxLength(500)),
]);

/** A trusted token issuer as the admin adds it: a JWKS URL or a shared secret, exactly one. */
export const OrganisationIssuerInputSchema = z
  .strictObject({
    issuer: textInput().check(z.minLength(1, 'Enter the issuer (the tokens’ iss)'), z.maxLength(500)),
    audience: textInput().check(z.minLength(1, 'Enter the audience (the tokens’ aud)'), z.maxLength(500)),
    jwks_url: z.optional(httpsUrl('An https address of the issuer’s JWKS')),
    shared_secret: z.optional(
      textInput()
        .check(z.minLength(32, 'A shared secret of at least 32 characters'), z.maxLength(500))
        .register(z.globalRegistry, { examples: ['a-shared-secret-of-at-least-32-characters'] }),
    ),
  })
  .check(
    z.refine((v) => (v.jwks_url === undefined) !== (v.shared_secret === undefined), {
      message: 'Give a JWKS URL or a shared secret (one of them)',
      path: ['jwks_url'],
    }),
  )
  .register(z.globalRegistry, {
    examples: [
      {
        issuer: 'https://login.example.com',
        audience: 'coursekit',
        shared_secret: 'a-shared-secret-of-at-least-32-characters',
      },
    ],
  });
export type OrganisationIssuerInput = z.infer<typeof OrganisationIssuerInputSchema>;

export const CreateOrganisationBodySchema = z.strictObject({
  name: textInput().check(z.minLength(1, 'Enter a name'), z.maxLength(200)),
  slug: organisationSlug,
  origins: z.optional(z.array(origin).check(z.maxLength(50))),
  theme: z.optional(OrganisationThemeSchema),
  courses: z.optional(courseChoice),
  seat_limit: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(1_000_000)))),
  issuers: z.optional(z.array(OrganisationIssuerInputSchema).check(z.maxLength(10))),
  /** Whether its people's credentials are issued in its own name (off unless set). */
  issues_credentials: z.optional(z.boolean()),
});
export type CreateOrganisationBody = z.infer<typeof CreateOrganisationBodySchema>;

/** An edit: any of the facts, and `status` to suspend or reactivate. Issuers have their own calls. */
export const UpdateOrganisationBodySchema = z.strictObject({
  name: z.optional(textInput().check(z.minLength(1, 'Enter a name'), z.maxLength(200))),
  slug: z.optional(organisationSlug),
  status: z.optional(OrganisationStatusSchema),
  origins: z.optional(z.array(origin).check(z.maxLength(50))),
  theme: z.optional(OrganisationThemeSchema),
  courses: z.optional(courseChoice),
  seat_limit: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(1_000_000)))),
  issues_credentials: z.optional(z.boolean()),
});
export type UpdateOrganisationBody = z.infer<typeof UpdateOrganisationBodySchema>;

/** An issuer as the console shows it: its secret never leaves the server, only whether it has one. */
export const OrganisationIssuerSchema = z.object({
  id: z.string(),
  issuer: z.string(),
  audience: z.string(),
  jwks_url: z.nullable(z.string()),
  has_secret: z.boolean(),
  created_at: z.string(),
});
export type OrganisationIssuer = z.infer<typeof OrganisationIssuerSchema>;

/**
 * The organisation's own credential issuer, once it has a key (made when its first credential is
 * signed): its DID, where its DID document and status list are, and how many keys it has signed
 * with (retired ones stay in its DID document) and credentials it has issued.
 */
export const OrganisationCredentialIssuerSchema = z.object({
  did: z.string(),
  did_document_url: z.string(),
  status_list_url: z.string(),
  keys: z.number(),
  credentials: z.number(),
});
export type OrganisationCredentialIssuer = z.infer<typeof OrganisationCredentialIssuerSchema>;

export const OrganisationSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  status: OrganisationStatusSchema,
  origins: z.array(z.string()),
  theme: OrganisationThemeSchema,
  courses: z.union([z.literal('all'), z.array(z.string())]),
  seat_limit: z.nullable(z.number()),
  /** Its people (memberships of either role). */
  members: z.number(),
  issuers: z.array(OrganisationIssuerSchema),
  /** Whether new credentials of its people are issued in its own name rather than the platform's. */
  issues_credentials: z.boolean(),
  /** Its own issuer, once it has signed (kept after the setting is turned off: what it signed verifies). */
  credential_issuer: z.nullable(OrganisationCredentialIssuerSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Organisation = z.infer<typeof OrganisationSchema>;

/** One person of an organisation. */
export const OrganisationMemberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  display_name: z.nullable(z.string()),
  role: OrganisationRoleSchema,
  joined_at: z.string(),
});
export type OrganisationMember = z.infer<typeof OrganisationMemberSchema>;

export const OrganisationMemberBodySchema = z.strictObject({ role: OrganisationRoleSchema });

/**
 * An organisation's public face: what its site entry (`/o/{slug}`) and its embed show before anyone
 * signs in. Nothing else of the organisation (origins, issuers, people, courses) is in it.
 */
export const OrganisationFaceSchema = z.object({
  slug: z.string(),
  name: z.string(),
  theme: OrganisationThemeSchema,
});
export type OrganisationFace = z.infer<typeof OrganisationFaceSchema>;

/** An e-mail domain: lower-case labels joined by dots (`example.com`), no `@`. */
export const EMAIL_DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const emailDomain = textInput()
  .check(z.regex(EMAIL_DOMAIN_PATTERN, 'An e-mail domain like example.com (lower-case, without @)'))
  .register(z.globalRegistry, { examples: ['example.com'] });

/**
 * The organisation's OpenID Connect identity provider as the admin sets it: the issuer URL (its
 * discovery document is under it), the client CourseKit is there, and the e-mail domains whose people
 * it signs in. The client secret is needed the first time and may be left out of later edits (the
 * stored one stays); it is stored encrypted and never shown again.
 */
export const OrganisationIdentityProviderInputSchema = z
  .strictObject({
    issuer: httpsUrl('An https address of the identity provider (its issuer URL)'),
    client_id: textInput().check(z.minLength(1, 'Enter the client id'), z.maxLength(500)),
    client_secret: z.optional(
      textInput()
        .check(z.minLength(1, 'Enter the client secret'), z.maxLength(2000))
        .register(z.globalRegistry, { examples: ['the-client-secret'] }),
    ),
    domains: z.array(emailDomain).check(z.minLength(1, 'Claim at least one e-mail domain'), z.maxLength(50)),
    enabled: z.optional(z.boolean()),
  })
  .register(z.globalRegistry, {
    examples: [
      {
        issuer: 'https://login.example.com',
        client_id: 'coursekit',
        client_secret: 'the-client-secret',
        domains: ['example.com'],
        enabled: true,
      },
    ],
  });
export type OrganisationIdentityProviderInput = z.infer<typeof OrganisationIdentityProviderInputSchema>;

/** An identity provider as the console shows it: the secret never leaves the server. */
export const OrganisationIdentityProviderSchema = z.object({
  issuer: z.string(),
  client_id: z.string(),
  has_secret: z.boolean(),
  domains: z.array(z.string()),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrganisationIdentityProvider = z.infer<typeof OrganisationIdentityProviderSchema>;

/** The organisation's identity provider, or null when it has none. */
export const OrganisationIdentityProviderAnswerSchema = z.object({
  identity_provider: z.nullable(OrganisationIdentityProviderSchema),
});

/** Which organisation signs in a typed e-mail: the sign-in page asks before the password. */
export const CompanySignInQuerySchema = z.strictObject({
  email: textInput().check(z.maxLength(320)),
});
/** The organisation whose enabled identity provider claims the e-mail's domain, or null. */
export const CompanySignInAnswerSchema = z.object({
  organisation: z.nullable(z.object({ slug: z.string(), name: z.string() })),
});
export type CompanySignInAnswer = z.infer<typeof CompanySignInAnswerSchema>;
