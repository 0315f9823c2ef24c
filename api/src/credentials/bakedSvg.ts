/** The XML namespace Open Badges 3.0 bakes a credential into an SVG under. */
export const OB_BAKING_NAMESPACE = 'https://purl.imsglobal.org/ob/v3p0';

/** Text for XML content or an attribute: markup escaped, characters XML 1.0 forbids dropped. */
function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * The credential as JSON that a CDATA section can hold: `]]>` would end the section early and an
 * SVG pasted into an HTML page is read by a laxer parser, so `<`, `>` and `&` (and the two
 * characters XML forbids) are written as JSON escapes, `\u003c`…: the same strings once parsed, so
 * the proof still holds.
 */
function cdataJson(credential: unknown): string {
  return JSON.stringify(credential).replace(
    /[<>&\uFFFE\uFFFF]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A title broken into at most `lines` lines of about `width` characters (the last one ellipsised). */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width || !line) line = next;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  if (out.length <= lines) return out.map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l));
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1]!.slice(0, width - 1)}…`;
  return kept;
}

/**
 * A 512×512 badge image with the signed credential baked in as Open Badges 3.0 describes for SVG
 * (an embedded proof): the `openbadges` namespace on the root, and directly after the `<svg>` tag
 * one `<openbadges:credential>` whose body is the credential's JSON in a CDATA section. What the
 * picture shows (course title, site name, issue date) is escaped text.
 */
export function bakedBadgeSvg(options: {
  credential: Record<string, unknown>;
  courseTitle: string;
  siteName: string;
  issuedOn: string;
}): string {
  const title = wrap(options.courseTitle, 22, 3);
  // The site's name on one line inside the ring: smaller type for a longer name, cut past 40.
  const [site = ''] = wrap(options.siteName.toUpperCase(), 40, 1);
  const siteSize = Math.min(22, Math.floor(320 / (Math.max(site.length, 1) * 0.75)));
  const firstLine = 262 - (title.length - 1) * 17;
  const titleLines = title
    .map((line, i) => `<tspan x="256" y="${firstLine + i * 34}">${xmlText(line)}</tspan>`)
    .join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:openbadges="${OB_BAKING_NAMESPACE}" width="512" height="512" viewBox="0 0 512 512" role="img" aria-labelledby="badge-title">`,
    `<openbadges:credential><![CDATA[${cdataJson(options.credential)}]]></openbadges:credential>`,
    `<title id="badge-title">${xmlText(`${options.courseTitle} — ${options.siteName}`)}</title>`,
    '<circle cx="256" cy="256" r="240" fill="#1c3373"/>',
    '<circle cx="256" cy="256" r="214" fill="none" stroke="#f2c14e" stroke-width="8"/>',
    '<g fill="#ffffff" font-family="Helvetica, Arial, sans-serif" text-anchor="middle">',
    `<text x="256" y="150" font-size="${siteSize}" letter-spacing="1">${xmlText(site)}</text>`,
    `<text font-size="30" font-weight="bold">${titleLines}</text>`,
    `<text x="256" y="380" font-size="18">Completed ${xmlText(options.issuedOn)}</text>`,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}
