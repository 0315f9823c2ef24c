import {
  type CreateOrganisationBody,
  isCourseError,
  type Organisation,
  type OrganisationTheme,
  type UpdateOrganisationBody,
} from '@coursekit/core';

/** What the editor's fields hold, as typed: strings until the body is made from them. */
export interface OrganisationDraft {
  name: string;
  slug: string;
  origins: string;
  brand: string;
  brandContrast: string;
  text: string;
  background: string;
  logoUrl: string;
  fontBody: string;
  courses: 'all' | 'chosen';
  chosen: string[];
  seatLimit: string;
  issuesCredentials: boolean;
}

/** The colour fields of the editor, by the theme token each sets. */
const COLOUR_FIELDS = ['brand', 'brandContrast', 'text', 'background'] as const;

export function draftOf(o?: Organisation): OrganisationDraft {
  const color = o?.theme.color ?? {};
  return {
    name: o?.name ?? '',
    slug: o?.slug ?? '',
    origins: (o?.origins ?? []).join('\n'),
    brand: color.brand ?? '',
    brandContrast: color.brandContrast ?? '',
    text: color.text ?? '',
    background: color.background ?? '',
    logoUrl: o?.theme.logo_url ?? '',
    fontBody: o?.theme.font?.body ?? '',
    courses: o && o.courses !== 'all' ? 'chosen' : 'all',
    chosen: o && o.courses !== 'all' ? [...o.courses] : [],
    seatLimit: o?.seat_limit === null || o?.seat_limit === undefined ? '' : String(o.seat_limit),
    issuesCredentials: o?.issues_credentials ?? false,
  };
}

/**
 * The theme the fields give: the tokens that are filled in, the others left out (they keep the
 * platform's). The server checks each value (hex colours, a font stack, an https logo).
 */
function themeOf(d: OrganisationDraft): OrganisationTheme {
  const color: NonNullable<OrganisationTheme['color']> = {};
  for (const token of COLOUR_FIELDS) if (d[token].trim()) color[token] = d[token].trim();
  return {
    ...(Object.keys(color).length > 0 ? { color } : {}),
    ...(d.fontBody.trim() ? { font: { body: d.fontBody.trim() } } : {}),
    ...(d.logoUrl.trim() ? { logo_url: d.logoUrl.trim() } : {}),
  };
}

/** The create body (and, without the issuers, the edit body) the fields make. */
export function bodyOf(d: OrganisationDraft): CreateOrganisationBody & UpdateOrganisationBody {
  const seats = d.seatLimit.trim();
  return {
    name: d.name.trim(),
    slug: d.slug.trim(),
    origins: d.origins
      .split(/\s+/)
      .map((line) => line.trim())
      .filter(Boolean),
    theme: themeOf(d),
    courses: d.courses === 'all' ? 'all' : d.chosen,
    seat_limit: seats === '' ? null : Number(seats),
    issues_credentials: d.issuesCredentials,
  };
}

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** A colour the preview may show: only a hex value reaches a style. */
export const previewColour = (value: string): string | undefined =>
  HEX.test(value.trim()) ? value.trim() : undefined;
/** A font stack the preview may show: names, commas, quotes and hyphens only. */
export const previewFont = (value: string): string | undefined =>
  /^[A-Za-z0-9 _,'"-]{1,200}$/.test(value.trim()) ? value.trim() : undefined;
/** A logo the preview may load: an https address (or http on the machine itself). */
export function previewLogo(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'https:') return url.href;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
}

/** The editor field a server's field name belongs to (`origins.2` → origins, `theme.color.brand` → brand). */
function fieldOf(name: string): keyof OrganisationDraft | 'form' {
  if (name.startsWith('origins')) return 'origins';
  if (name.startsWith('theme.color.')) {
    const token = name.split('.')[2];
    return (COLOUR_FIELDS as readonly string[]).includes(token ?? '')
      ? (token as keyof OrganisationDraft)
      : 'form';
  }
  if (name === 'theme.color') return 'brand';
  if (name.startsWith('theme.font')) return 'fontBody';
  if (name.startsWith('theme.logo_url')) return 'logoUrl';
  if (name.startsWith('courses')) return 'chosen';
  if (name === 'seat_limit') return 'seatLimit';
  if (name === 'issues_credentials') return 'issuesCredentials';
  if (name === 'name' || name === 'slug') return name;
  return 'form';
}

/**
 * A refused save's messages, at the fields they name: the server's validation errors by field, a
 * taken slug at the slug; anything else for the whole form.
 */
export function fieldErrorsOf(error: unknown): Partial<Record<keyof OrganisationDraft | 'form', string>> {
  const errors: Partial<Record<keyof OrganisationDraft | 'form', string>> = {};
  if (isCourseError(error) && error.fields) {
    for (const [name, message] of Object.entries(error.fields)) {
      const field = fieldOf(name);
      errors[field] ??= message;
    }
    return errors;
  }
  if (isCourseError(error) && error.code === 'conflict') return { slug: error.message };
  return { form: error instanceof Error ? error.message : String(error) };
}
