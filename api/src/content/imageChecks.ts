import { JSDOM } from 'jsdom';
import { fail, utf8 } from './courseFileRules';

// A course's images: a raster image is what its name says, and an SVG is well-formed and holds
// nothing that runs script or loads anything from outside the file (refused, not sanitised, so
// the admin learns what is wrong with their file).

type RasterFormat = 'PNG' | 'JPEG' | 'GIF' | 'WebP';
const RASTER_EXTENSIONS: Record<string, RasterFormat> = {
  png: 'PNG',
  jpg: 'JPEG',
  jpeg: 'JPEG',
  gif: 'GIF',
  webp: 'WebP',
};

export function checkImage(name: string, content: Uint8Array): void {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const format = sniffRaster(content);
  if (extension === 'svg') {
    if (format) fail(name, `is a ${format} image, not an SVG`);
    checkSvg(name, content);
    return;
  }
  const expected = RASTER_EXTENSIONS[extension]!;
  if (!format) fail(name, `is not a ${expected} image (its first bytes are not a ${expected} signature)`);
  if (format !== expected) fail(name, `is a ${format} image, but its name says ${expected}`);
}

/** The format a raster image's magic bytes say, if any. */
function sniffRaster(b: Uint8Array): RasterFormat | undefined {
  const starts = (sig: number[], at = 0) => sig.every((byte, i) => b[at + i] === byte);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'PNG';
  if (starts([0xff, 0xd8, 0xff])) return 'JPEG';
  if (starts(ascii('GIF87a')) || starts(ascii('GIF89a'))) return 'GIF';
  if (starts(ascii('RIFF')) && starts(ascii('WEBP'), 8)) return 'WebP';
  return undefined;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** jsdom's DOMParser, like browsers', answers a malformed document with a <parsererror> root in this namespace. */
const PARSER_ERROR_NS = 'http://www.mozilla.org/newlayout/xml/parsererror.xml';
let xmlParser: DOMParser | undefined;

/** The document element of `text` parsed as XML (one jsdom window, made on first use; no scripts, no fetching). */
function parseXml(text: string): Element {
  xmlParser ??= new new JSDOM('').window.DOMParser();
  return xmlParser.parseFromString(text, 'image/svg+xml').documentElement;
}

/** An SVG must be well-formed XML with an <svg> root and nothing that runs script or reaches outside the file. */
function checkSvg(name: string, content: Uint8Array): void {
  const text = utf8(name, content);
  // Browsers expand nested entities, the checker's parser does not: an entity could hide "javascript:".
  if (/<!ENTITY/i.test(text)) fail(name, 'declares XML entities (<!ENTITY>)');
  if (/<\?xml-stylesheet/i.test(text)) fail(name, 'loads a stylesheet (<?xml-stylesheet?>)');
  const root = parseXml(text);
  if (root.namespaceURI === PARSER_ERROR_NS) fail(name, `is not well-formed XML (${root.textContent})`);
  if (root.localName !== 'svg') fail(name, `is XML, but its root is <${root.localName}>, not <svg>`);
  if (root.namespaceURI !== SVG_NS) fail(name, `has an <svg> root without the SVG namespace (${SVG_NS})`);
  for (const element of [root, ...root.querySelectorAll('*')]) {
    const problem = svgElementProblem(element);
    if (problem) fail(name, problem);
  }
}

/** What is unsafe about one SVG element (its name, its attributes, a <style>'s text), if anything. */
function svgElementProblem(element: Element): string | undefined {
  const tag = element.localName;
  if (/^(script|foreignobject)$/i.test(tag)) return `contains a <${tag}> element`;
  if (/^(set|animate)$/i.test(tag) && /^(xlink:)?href$/i.test(element.getAttribute('attributeName') ?? ''))
    return `has an <${tag}> that changes a link (attributeName="href")`;
  if (tag === 'style') return cssProblem(element.textContent ?? '', `<style>`);
  for (const attribute of element.attributes) {
    const problem = attributeProblem(attribute, tag);
    if (problem) return problem;
  }
  return undefined;
}

function attributeProblem(attribute: Attr, tag: string): string | undefined {
  const where = `${attribute.name} on <${tag}>`;
  if (/^on/i.test(attribute.localName)) return `has an event handler attribute (${where})`;
  // Browsers ignore whitespace inside a URL's scheme ("java\tscript:"); XML allows no other control characters.
  const squashed = attribute.value.replace(/\s/g, '').toLowerCase();
  if (squashed.includes('javascript:')) return `has a javascript: URL (${where})`;
  if (attribute.localName === 'href') {
    if (squashed.startsWith('data:')) return `has a data: URL (${where})`;
    if (squashed !== '' && !squashed.startsWith('#'))
      return `refers to something outside the file (${where}="${attribute.value}")`;
  }
  return cssProblem(attribute.value, where);
}

/** url(...) may only point inside the file (url(#id)); @import may not appear at all. */
function cssProblem(css: string, where: string): string | undefined {
  if (/@import/i.test(css)) return `imports a stylesheet (${where})`;
  for (const [, target = ''] of css.matchAll(/url\(\s*['"]?\s*([^'")\s]*)/gi))
    if (!target.startsWith('#')) return `refers to something outside the file (url(${target}) in ${where})`;
  return undefined;
}
