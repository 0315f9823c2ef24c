import type { OrganisationFace, OrganisationTheme } from '@coursekit/core';

// An organisation's theme on the site: its tokens become the site's own custom properties and the
// widgets' (`--ck-color-brand`…), set on the document's root, so every page and widget takes them.
// The server admits only hex colours, font names and https logos, so a value cannot close a
// declaration or load anything; they are set one property at a time, never as CSS text.

const STORAGE_KEY = 'coursekit.organisation';

/** The site's own properties each colour token also sets (styles.css names them). */
const SITE_COLOURS: Partial<Record<keyof NonNullable<OrganisationTheme['color']>, string[]>> = {
  brand: ['--ck-primary', '--ck-primary-hover'],
  brandContrast: ['--ck-primary-contrast'],
  text: ['--ck-text'],
  background: ['--ck-bg'],
  border: ['--ck-border'],
  danger: ['--ck-danger'],
  focus: ['--ck-focus'],
};

const kebab = (token: string) => token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The custom properties an organisation's theme sets. */
function organisationStyle(theme: OrganisationTheme): Record<string, string> {
  const style: Record<string, string> = {};
  for (const [token, value] of Object.entries(theme.color ?? {})) {
    if (!value) continue;
    style[`--ck-color-${kebab(token)}`] = value;
    for (const name of SITE_COLOURS[token as keyof typeof SITE_COLOURS] ?? []) style[name] = value;
  }
  if (theme.font?.body) {
    style['--ck-font-body'] = theme.font.body;
    style['font-family'] = theme.font.body;
  }
  if (theme.font?.heading) style['--ck-font-heading'] = theme.font.heading;
  return style;
}

let applied: string[] = [];

/** Themes the site as the organisation (null: the platform's own look again), for this tab's visit. */
export function applyOrganisation(face: OrganisationFace | null): void {
  const root = document.documentElement;
  for (const name of applied) root.style.removeProperty(name);
  applied = [];
  if (face) {
    for (const [name, value] of Object.entries(organisationStyle(face.theme))) {
      root.style.setProperty(name, value);
      applied.push(name);
    }
    root.dataset.organisation = face.slug;
  } else delete root.dataset.organisation;
  try {
    if (face) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(face));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage blocked: the theme lasts for this page only
  }
}

/** The organisation this tab entered the site through (`/o/{slug}`), if any. */
export function storedOrganisation(): OrganisationFace | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as OrganisationFace) : null;
  } catch {
    return null;
  }
}
