/**
 * The Content-Security-Policy of the site (the built host app, the /embed bundles and the example
 * intranet page it serves). Scripts only from our own origin: no 'unsafe-inline', no eval, no
 * inline handlers (script-src-attr 'none'), so an injected <script> or onerror= cannot run even
 * if it got past DOMPurify. Styles allow 'unsafe-inline' because the widgets set style attributes
 * (radix positioning) and the embed injects its stylesheet in a <style> element. Images may be
 * data: URLs (inline SVG icons); the app talks only to its own API.
 */
export const SITE_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  // Off: it would turn the http:// of a plain local or intranet deployment into broken https:// loads.
  upgradeInsecureRequests: null,
};

/** API answers are data, never a document: nothing may load from them, nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
