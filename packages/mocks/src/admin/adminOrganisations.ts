import {
  type AdminActionType,
  CourseError,
  type CreateOrganisationBody,
  CreateOrganisationBodySchema,
  type MyOrganisation,
  type Organisation,
  type OrganisationFace,
  type OrganisationIdentityProvider,
  OrganisationIdentityProviderInputSchema,
  type OrganisationIssuerInput,
  OrganisationIssuerInputSchema,
  type OrganisationMember,
  organisationDomainTaken,
  organisationIdentityProviderNeedsSecret,
  organisationIdentityProviderNotFound,
  organisationIssuerNotFound,
  organisationIssuerTaken,
  organisationMemberNotFound,
  organisationNotFound,
  organisationSeatsFull,
  organisationSlugTaken,
  organisationUnknownCourses,
  organisationUserNotFound,
  type Page,
  pageOfList,
  parseInput,
  type UpdateOrganisationBody,
  UpdateOrganisationBodySchema,
} from '@coursekit/core';
import type { MemoryStore } from '../store/createMemoryStore';
import { now } from '../store/memoryTables';
import { type AdminTables, logAction } from './adminTables';

interface MemoryOrganisation extends Omit<Organisation, 'members' | 'issuers'> {
  /** Issuers with the secret kept, as the API keeps it sealed: never part of an answer. */
  issuers: Array<Organisation['issuers'][number] & { secret: string | null }>;
  people: Map<string, { role: OrganisationMember['role']; joined_at: string }>;
  /** Its identity provider, the client secret kept as the API keeps it sealed: never answered. */
  identityProvider?: OrganisationIdentityProvider & { secret: string };
}

const organisationsOf = new WeakMap<AdminTables, Map<string, MemoryOrganisation>>();

/**
 * The admin's organisations on a memory store, as the reference API keeps them: slugs and issuers
 * unique, course lists of the store's courses, seats counted, shared secrets never answered (only
 * `has_secret`). Bodies are read with core's schemas, so a refused field is named as the API names it.
 */
export function adminOrganisations(tables: AdminTables) {
  let all = organisationsOf.get(tables);
  if (!all) {
    all = new Map();
    organisationsOf.set(tables, all);
  }
  const orgs = all;
  const { store } = tables;
  const uuid = () => `00000000-0000-4000-8000-${String(tables.nextId()).padStart(12, '0')}`;
  /** The admin's action in the audit log, as the API writes it; a scenario's seed (no actor) logs nothing. */
  const log = (
    actor: string | null,
    action: AdminActionType,
    target: string | null,
    details: Record<string, unknown>,
  ) => {
    if (actor !== null) logAction(tables, actor, action, target, details);
  };

  const view = (o: MemoryOrganisation): Organisation => ({
    id: o.id,
    slug: o.slug,
    name: o.name,
    status: o.status,
    origins: [...o.origins],
    theme: o.theme,
    courses: o.courses === 'all' ? 'all' : [...o.courses],
    seat_limit: o.seat_limit,
    members: o.people.size,
    issuers: o.issuers.map(({ secret: _secret, ...issuer }) => issuer),
    created_at: o.created_at,
    updated_at: o.updated_at,
  });

  function find(id: string): MemoryOrganisation {
    const o = orgs.get(id);
    if (!o) throw new CourseError('not_found', organisationNotFound);
    return o;
  }

  function checkSlug(slug: string, except?: string) {
    for (const o of orgs.values())
      if (o.slug === slug && o.id !== except) throw new CourseError('conflict', organisationSlugTaken(slug));
  }

  function checkCourses(courses: 'all' | string[] | undefined) {
    if (courses === undefined || courses === 'all') return;
    const known = store.tables.outline.slug;
    const missing = courses.filter((slug) => slug !== known);
    if (missing.length > 0) {
      const message = organisationUnknownCourses(missing);
      throw new CourseError('validation_error', message, { courses: message });
    }
  }

  function issuerOf(input: OrganisationIssuerInput): MemoryOrganisation['issuers'][number] {
    for (const o of orgs.values())
      if (o.issuers.some((i) => i.issuer === input.issuer))
        throw new CourseError('conflict', organisationIssuerTaken(input.issuer));
    return {
      id: uuid(),
      issuer: input.issuer,
      audience: input.audience,
      jwks_url: input.jwks_url ?? null,
      has_secret: input.shared_secret !== undefined,
      secret: input.shared_secret ?? null,
      created_at: now(),
    };
  }

  function memberView(o: MemoryOrganisation, userId: string): OrganisationMember {
    const person = o.people.get(userId)!;
    const row = store.tables.users.get(userId)!;
    return {
      user_id: userId,
      email: row.user.email,
      display_name: row.profile?.display_name ?? null,
      role: person.role,
      joined_at: person.joined_at,
    };
  }

  return {
    /** An active organisation's public face by slug; unknown and suspended ones alike are not found. */
    face(slug: string): OrganisationFace {
      const o = [...orgs.values()].find((x) => x.slug === slug && x.status === 'active');
      if (!o) throw new CourseError('not_found', organisationNotFound);
      return { slug: o.slug, name: o.name, theme: o.theme };
    },
    /** The active organisations a person belongs to, with their role, by name (`GET /me/organisations`). */
    mine: (userId: string): MyOrganisation[] =>
      [...orgs.values()]
        .filter((o) => o.status === 'active' && o.people.has(userId))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((o) => ({ id: o.id, slug: o.slug, name: o.name, role: o.people.get(userId)!.role })),
    list: (): Organisation[] => [...orgs.values()].sort((a, b) => a.name.localeCompare(b.name)).map(view),
    get: (id: string): Organisation => view(find(id)),
    /** Mutations take the acting admin's id first (null: a scenario's seed), for the audit log. */
    create(actor: string | null, raw: unknown): Organisation {
      const body: CreateOrganisationBody = parseInput(CreateOrganisationBodySchema, raw, 'body');
      checkSlug(body.slug);
      checkCourses(body.courses);
      const issuers = (body.issuers ?? []).map(issuerOf);
      const at = now();
      const o: MemoryOrganisation = {
        id: uuid(),
        slug: body.slug,
        name: body.name,
        status: 'active',
        origins: [...new Set(body.origins ?? [])],
        theme: body.theme ?? {},
        courses: body.courses ?? 'all',
        seat_limit: body.seat_limit ?? null,
        issuers,
        people: new Map(),
        created_at: at,
        updated_at: at,
      };
      orgs.set(o.id, o);
      log(actor, 'organisation_created', null, { organisation_id: o.id, slug: o.slug });
      return view(o);
    },
    update(actor: string | null, id: string, raw: unknown): Organisation {
      const o = find(id);
      const before = o.status;
      const body: UpdateOrganisationBody = parseInput(UpdateOrganisationBodySchema, raw, 'body');
      if (body.slug !== undefined) checkSlug(body.slug, id);
      checkCourses(body.courses);
      if (body.name !== undefined) o.name = body.name;
      if (body.slug !== undefined) o.slug = body.slug;
      if (body.status !== undefined) o.status = body.status;
      if (body.origins !== undefined) o.origins = [...new Set(body.origins)];
      if (body.theme !== undefined) o.theme = body.theme;
      if (body.courses !== undefined) o.courses = body.courses;
      if (body.seat_limit !== undefined) o.seat_limit = body.seat_limit;
      o.updated_at = now();
      const action =
        body.status && body.status !== before
          ? body.status === 'suspended'
            ? 'organisation_suspended'
            : 'organisation_reactivated'
          : 'organisation_updated';
      log(actor, action, null, { organisation_id: id, fields: Object.keys(body) });
      return view(o);
    },
    addIssuer(actor: string | null, id: string, raw: unknown): Organisation {
      const o = find(id);
      const issuer = issuerOf(parseInput(OrganisationIssuerInputSchema, raw, 'body'));
      o.issuers.push(issuer);
      log(actor, 'organisation_issuer_added', null, {
        organisation_id: id,
        issuer_id: issuer.id,
        issuer: issuer.issuer,
      });
      return view(o);
    },
    removeIssuer(actor: string | null, id: string, issuerId: string): void {
      const o = find(id);
      const at = o.issuers.findIndex((i) => i.id === issuerId);
      if (at < 0) throw new CourseError('not_found', organisationIssuerNotFound);
      const [removed] = o.issuers.splice(at, 1);
      log(actor, 'organisation_issuer_removed', null, {
        organisation_id: id,
        issuer_id: issuerId,
        issuer: removed!.issuer,
      });
    },
    identityProvider(id: string): { identity_provider: OrganisationIdentityProvider | null } {
      const provider = find(id).identityProvider;
      if (!provider) return { identity_provider: null };
      const { secret: _secret, ...shown } = provider;
      return { identity_provider: { ...shown, domains: [...shown.domains] } };
    },
    /** Adds or replaces it: a domain another organisation's provider claims is refused, as the API does. */
    setIdentityProvider(
      actor: string | null,
      id: string,
      raw: unknown,
    ): { identity_provider: OrganisationIdentityProvider | null } {
      const o = find(id);
      const body = parseInput(OrganisationIdentityProviderInputSchema, raw, 'body');
      const domains = [...new Set(body.domains)];
      for (const other of orgs.values()) {
        const taken =
          other.id === id ? undefined : domains.find((d) => other.identityProvider?.domains.includes(d));
        if (taken) {
          const message = organisationDomainTaken(taken);
          throw new CourseError('conflict', message, { domains: message });
        }
      }
      const before = o.identityProvider;
      const secret = body.client_secret ?? before?.secret;
      if (secret === undefined)
        throw new CourseError('validation_error', organisationIdentityProviderNeedsSecret, {
          client_secret: organisationIdentityProviderNeedsSecret,
        });
      const at = now();
      o.identityProvider = {
        issuer: body.issuer,
        client_id: body.client_id,
        has_secret: true,
        secret,
        domains,
        enabled: body.enabled ?? before?.enabled ?? true,
        created_at: before?.created_at ?? at,
        updated_at: at,
      };
      log(
        actor,
        before ? 'organisation_identity_provider_updated' : 'organisation_identity_provider_added',
        null,
        {
          organisation_id: id,
          issuer: body.issuer,
          domains,
          enabled: body.enabled ?? null,
          secret_changed: body.client_secret !== undefined,
        },
      );
      return this.identityProvider(id);
    },
    removeIdentityProvider(actor: string | null, id: string): void {
      const o = find(id);
      if (!o.identityProvider) throw new CourseError('not_found', organisationIdentityProviderNotFound);
      log(actor, 'organisation_identity_provider_removed', null, {
        organisation_id: id,
        issuer: o.identityProvider.issuer,
      });
      o.identityProvider = undefined;
    },
    /** The organisation whose identity provider claims an e-mail's domain (what the sign-in page asks). */
    companySignIn(email: string): { organisation: { slug: string; name: string } | null } {
      const domain = email
        .slice(email.lastIndexOf('@') + 1)
        .trim()
        .toLowerCase();
      const o = email.includes('@')
        ? [...orgs.values()].find((x) => x.identityProvider?.domains.includes(domain))
        : undefined;
      return { organisation: o ? { slug: o.slug, name: o.name } : null };
    },
    members(id: string, query: { page?: number; pageSize?: number } = {}): Page<OrganisationMember> {
      const o = find(id);
      const people = [...o.people.keys()]
        .filter((userId) => store.tables.users.has(userId))
        .map((userId) => memberView(o, userId))
        .sort((a, b) => (a.role === b.role ? a.email.localeCompare(b.email) : a.role === 'manager' ? -1 : 1));
      return pageOfList(people, query, 25);
    },
    setMember(
      actor: string | null,
      id: string,
      userId: string,
      role: OrganisationMember['role'],
    ): OrganisationMember {
      const o = find(id);
      if (!store.tables.users.has(userId)) throw new CourseError('not_found', organisationUserNotFound);
      const person = o.people.get(userId);
      if (person) person.role = role;
      else {
        if (o.seat_limit !== null && o.people.size >= o.seat_limit)
          throw new CourseError('conflict', organisationSeatsFull(o.name, o.seat_limit));
        o.people.set(userId, { role, joined_at: now() });
      }
      log(actor, person ? 'organisation_member_updated' : 'organisation_member_added', userId, {
        organisation_id: id,
        role,
      });
      return memberView(o, userId);
    },
    removeMember(actor: string | null, id: string, userId: string): void {
      const o = find(id);
      if (!o.people.delete(userId)) throw new CourseError('not_found', organisationMemberNotFound);
      log(actor, 'organisation_member_removed', userId, { organisation_id: id });
    },
  };
}

/** The demo scenario's organisations: Acme Facilities with an issuer and people, Bravo Works suspended. */
export function seedOrganisations(store: MemoryStore, organisations: ReturnType<typeof adminOrganisations>) {
  const acme = organisations.create(null, {
    name: 'Acme Facilities',
    slug: 'acme-facilities',
    origins: ['https://intranet.acme.example'],
    theme: {
      color: { brand: '#0b6e4f', brandContrast: '#ffffff' },
      font: { body: "'Source Sans 3', sans-serif" },
      logo_url: 'https://acme.example/logo.svg',
    },
    seat_limit: 50,
    issuers: [
      {
        issuer: 'https://login.acme.example',
        audience: 'coursekit',
        jwks_url: 'https://login.acme.example/jwks',
      },
    ],
  });
  const bravo = organisations.create(null, { name: 'Bravo Works', slug: 'bravo-works' });
  organisations.update(null, bravo.id, { status: 'suspended' });
  const people = [...store.tables.users.values()].filter((row) => !row.roles.includes('admin'));
  people.slice(0, 3).forEach((row, i) => {
    organisations.setMember(null, acme.id, row.user.id, i === 0 ? 'manager' : 'learner');
  });
}
