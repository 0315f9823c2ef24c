import type { Response } from 'express';

// The HTML the LTI routes answer inside the LMS's iframe. No inline script (the site's CSP rule):
// the one script, /api/lti/lti.js, reads what it needs from data- attributes.

const LTI_SCRIPT_PATH = '/api/lti/lti.js';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The LTI pages' policy: scripts from this origin only, framed by any LMS (each school's LMS has
 * its own origin; the launch itself is what proves the platform), forms posted back to this origin.
 */
const LTI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  'frame-ancestors *',
].join('; ');

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1rem;color:#1a1a1a}
.ck-lti-error{max-width:40rem;border-left:4px solid #b3261e;padding:.5rem 1rem;background:#fdf1f0}
#course{min-height:100vh}
.ck-bar{display:flex;justify-content:flex-end;gap:.5rem;margin:0 0 .75rem}
.ck-button{font:inherit;padding:.4rem .9rem;border:1px solid #1a1a1a;border-radius:.4rem;background:#fff;color:#1a1a1a;cursor:pointer}
.ck-button:focus-visible,.ck-scroll:focus-visible,#ck-roster-title:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.ck-roster h1{font-size:1.4rem;margin:0 0 .5rem}
.ck-scroll{overflow-x:auto;margin:0 0 1rem}
.ck-roster table{border-collapse:collapse;width:100%;min-width:32rem}
.ck-roster caption{text-align:left;font-weight:600;padding:.25rem 0}
.ck-roster th,.ck-roster td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #d4d4d4;vertical-align:top}
.ck-muted{display:block;color:#525252;font-weight:400;font-size:.875rem}</style></head>
<body>${body}</body></html>`;
}

function send(res: Response, status: number, html: string, formTarget?: string): void {
  // A page that posts to the platform (the deep-linking return) may send its form there too.
  const csp = formTarget
    ? LTI_CSP.replace("form-action 'self'", `form-action 'self' ${formTarget}`)
    : LTI_CSP;
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': csp,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    })
    .removeHeader('X-Frame-Options');
  res.send(html);
}

/** A refused login or launch: the reason in words, inside the LMS's frame; nothing was written. */
export function sendErrorPage(res: Response, status: number, message: string): void {
  send(
    res,
    status,
    page(
      'The course could not be opened',
      `<main class="ck-lti-error" role="alert"><h1>The course could not be opened</h1><p>${escapeHtml(
        message,
      )}</p><p>Open it again from your course in the LMS. If this keeps happening, tell your LMS administrator.</p></main>`,
    ),
  );
}

/** A page of the tool's own markup (escaped by the caller), with no script. */
export function sendHtmlPage(res: Response, title: string, body: string): void {
  send(res, 200, page(title, body));
}

/**
 * A page whose script acts on its data- attributes (platform storage, the player, the
 * deep-linking return, whose form goes to `formTarget`).
 */
export function sendScriptPage(
  res: Response,
  title: string,
  data: Record<string, string>,
  formTarget?: string,
): void {
  const attributes = Object.entries(data)
    .map(([k, v]) => ` data-${k}="${escapeHtml(v)}"`)
    .join('');
  const extra = data.mode === 'player' ? '<script src="/embed/coursekit-embed.iife.js"></script>' : '';
  send(
    res,
    200,
    page(
      title,
      `<div id="ck-lti"${attributes}><noscript>This course needs JavaScript.</noscript></div>${extra}<script src="${LTI_SCRIPT_PATH}"></script>`,
    ),
    formTarget,
  );
}
