// A course as a zip: export (a course folder's files, packed the same way every time) and import
// (a zip an admin uploads, unpacked only if everything in it is safe and a valid course).
//
// An uploaded zip is untrusted input that ends up on disk, in the database and in learners'
// browsers, so unpackCourseZip refuses, by throwing CourseZipError for the first problem it finds,
// and never returns part of a zip:
//   - paths that could escape the course folder or aren't course files (`..`, absolute, `\`, drive
//     letters, anything but course.json, modules/module-N.md, quizzes/module-N.json, images/*);
//   - zip bombs: too many entries, declared sizes over the limits, and entries whose inflated size
//     exceeds what the zip declares (inflation is streamed and stopped at the declared size);
//   - courses the loader would reject or half-load: course.json and quiz files that fail its schemas,
//     modules listed without their markdown or quiz, lessons over the size limit, lessons showing
//     images the zip lacks;
//   - images that aren't what their name says, and SVGs that can run script or load anything from
//     outside the file (refused, not sanitised, so the admin learns what is wrong with their file).

import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CourseFile, describeFileIssue, IMAGE_BUCKET, quizDrawProblem } from '@coursekit/core';
import { Unzip, type UnzipFileInfo, UnzipInflate, unzipSync, type Zippable, zipSync } from 'fflate';
import { JSDOM } from 'jsdom';
import { marked, type Token, type Tokens } from 'marked';
import type * as z from 'zod/mini';
import { type CourseContent, CourseFileSchema, QuizFileSchema, readCourse } from './loader';
import { parseModuleMarkdown } from './moduleMarkdown';

const KiB = 1024;
const MiB = 1024 * KiB;

export interface ZipLimits {
  /** Entries in the zip, folders included. */
  maxEntries: number;
  /** Uncompressed bytes of all entries together. */
  maxTotalBytes: number;
  /** Uncompressed bytes of one image. */
  maxImageBytes: number;
  /** Uncompressed bytes of one modules/module-N.md. */
  maxModuleBytes: number;
  /** Uncompressed bytes of course.json or one quiz file. */
  maxJsonBytes: number;
  /** UTF-8 bytes of one lesson (one `## ` section of a module). */
  maxLessonBytes: number;
}

/**
 * Generous for a real course (the seed course in api/content/courses: 36 files, 0.3 MiB, largest module 31 KiB,
 * largest lesson 9 KiB), yet small enough that a whole zip can be held and checked in memory.
 */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 500,
  maxTotalBytes: 20 * MiB,
  maxImageBytes: 5 * MiB,
  maxModuleBytes: 512 * KiB,
  maxJsonBytes: 1 * MiB,
  maxLessonBytes: 200 * KiB,
};

/** Why a zip was refused: `file` is the entry's path, or '(zip)' for the zip as a whole. */
export class CourseZipError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'CourseZipError';
  }
}

const WHOLE_ZIP = '(zip)';
/** DOS time has no time zone: a local-time date gives 1980-01-01 00:00 in the zip wherever it runs. */
const FIXED_MTIME = new Date(1980, 0, 1);
const COURSE_DIRS = ['modules', 'quizzes', 'images'] as const;
type EntryKind = 'course' | 'module' | 'quiz' | 'image' | 'folder';

function fail(file: string, problem: string): never {
  throw new CourseZipError(file, problem);
}

// ---------------------------------------------------------------------------------------------
// Export: folder → files → zip

/** course.json and the files directly in modules/, quizzes/ and images/ (hidden files skipped), by POSIX path, sorted. */
export async function readCourseFiles(dir: string): Promise<Map<string, Uint8Array>> {
  const paths = ['course.json'];
  for (const sub of COURSE_DIRS) {
    const entries = await readdir(path.join(dir, sub), { withFileTypes: true }).catch(() => []);
    for (const e of entries) if (e.isFile() && !e.name.startsWith('.')) paths.push(`${sub}/${e.name}`);
  }
  const files = new Map<string, Uint8Array>();
  for (const p of paths.sort()) files.set(p, new Uint8Array(await readFile(path.join(dir, ...p.split('/')))));
  return files;
}

/** A zip of `files`: entries sorted by path, fixed times, fixed levels, so the same files give the same bytes. */
export function packCourseZip(files: Map<string, Uint8Array>): Uint8Array {
  const entries: Zippable = {};
  for (const p of [...files.keys()].sort()) {
    // Raster images are compressed already; deflating them again only costs time.
    const level = /\.(png|jpe?g|gif|webp)$/i.test(p) ? 0 : 9;
    entries[p] = [files.get(p)!, { level, mtime: FIXED_MTIME }];
  }
  return zipSync(entries, { mtime: FIXED_MTIME });
}

// ---------------------------------------------------------------------------------------------
// Import: zip → checked files

/** The zip's files by path, sorted, if the zip is a safe and valid course; otherwise throws CourseZipError. */
export function unpackCourseZip(zip: Uint8Array, limits: Partial<ZipLimits> = {}): Map<string, Uint8Array> {
  const max = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const entries = listEntries(zip, max.maxEntries);
  const kinds = checkEntries(entries, max);
  const files = inflateEntries(zip, entries, kinds);
  checkCourse(files, max);
  return files;
}

/**
 * Checks one file of a course folder on its own, as the studio saves it: its path, its size, and
 * its content (course.json's and a quiz's schema, a module's lesson sizes, an image's type and an
 * SVG's safety). Throws CourseZipError naming the file and the problem.
 */
export function checkCourseFile(name: string, content: Uint8Array, limits: Partial<ZipLimits> = {}): void {
  const max = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const kind = entryKind(name);
  if (kind === 'folder') fail(name, 'is a folder, not a file');
  const limit = sizeLimit(kind, max);
  if (content.length > limit) fail(name, `is ${bytes(content.length)}; the limit is ${bytes(limit)}`);
  if (kind === 'course') checkCourseJson(content);
  else if (kind === 'quiz') checkQuiz(name, content);
  else if (kind === 'image') checkImage(name, content);
  else checkLessons(name, utf8(name, content), max);
}

/**
 * Checks a whole course folder, as publishing a studio draft does: every file on its own, the
 * limits of the whole, and what the files say of each other (each module's markdown and quiz
 * present, every image a lesson shows present). Throws CourseZipError for the first problem.
 */
export function checkCourseFiles(files: Map<string, Uint8Array>, limits: Partial<ZipLimits> = {}): void {
  const max = { ...DEFAULT_ZIP_LIMITS, ...limits };
  if (files.size > max.maxEntries) fail(WHOLE_ZIP, `has more than ${max.maxEntries} files`);
  let total = 0;
  for (const [name, content] of files) {
    const kind = entryKind(name);
    const limit = sizeLimit(kind, max);
    if (content.length > limit) fail(name, `is ${bytes(content.length)}; the limit is ${bytes(limit)}`);
    total += content.length;
  }
  if (total > max.maxTotalBytes)
    fail(WHOLE_ZIP, `is ${bytes(total)} in all; the limit is ${bytes(max.maxTotalBytes)}`);
  checkCourse(files, max);
}

/** A checked course's files as the loader's CourseContent (written to a temporary folder, removed after). */
export async function readCourseFromFiles(files: Map<string, Uint8Array>): Promise<CourseContent> {
  for (const p of files.keys()) entryKind(p); // never write outside the temporary folder
  const dir = await mkdtemp(path.join(os.tmpdir(), 'coursekit-zip-'));
  try {
    await mkdir(path.join(dir, 'modules')); // the loader expects the folder even when it is empty
    for (const [p, bytes] of files) {
      const target = path.join(dir, ...p.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
    }
    return await readCourse(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// --- the zip's structure ---------------------------------------------------------------------

/** The central directory's entries (names, declared sizes), read without inflating anything. */
function listEntries(zip: Uint8Array, maxEntries: number): UnzipFileInfo[] {
  const entries: UnzipFileInfo[] = [];
  try {
    unzipSync(zip, {
      filter: (entry) => {
        entries.push(entry);
        if (entries.length > maxEntries) fail(WHOLE_ZIP, `has more than ${maxEntries} entries`);
        return false;
      },
    });
  } catch (e) {
    if (e instanceof CourseZipError) throw e;
    fail(WHOLE_ZIP, `is not a zip file or is corrupt (${errorText(e)})`);
  }
  return entries;
}

/** Each entry's kind, after checking names, duplicates, compression methods and declared sizes. */
function checkEntries(entries: UnzipFileInfo[], max: ZipLimits): EntryKind[] {
  const seen = new Set<string>();
  let total = 0;
  const kinds = entries.map((entry) => {
    const kind = entryKind(entry.name);
    const key = entry.name.toLowerCase(); // a.svg and A.svg are one file on macOS and Windows
    if (seen.has(key)) fail(entry.name, 'appears twice in the zip');
    seen.add(key);
    if (entry.compression !== 0 && entry.compression !== 8)
      fail(entry.name, `uses compression method ${entry.compression}; only stored and deflate are supported`);
    const limit = sizeLimit(kind, max);
    if (entry.originalSize > limit)
      fail(entry.name, `declares ${bytes(entry.originalSize)} uncompressed; the limit is ${bytes(limit)}`);
    total += entry.originalSize;
    return kind;
  });
  if (total > max.maxTotalBytes)
    fail(WHOLE_ZIP, `declares ${bytes(total)} uncompressed in all; the limit is ${bytes(max.maxTotalBytes)}`);
  return kinds;
}

/** What a path in a course zip is, or a CourseZipError saying why it can't be in one. */
function entryKind(name: string): EntryKind {
  if (name.includes('\\')) fail(name, 'has a backslash in its path (zip paths use /)');
  if (name.startsWith('/')) fail(name, 'is an absolute path');
  if (/^[a-z]:/i.test(name)) fail(name, 'starts with a drive letter');
  const parts = name.split('/');
  if (parts.includes('..')) fail(name, 'points outside the course folder (..)');
  if (name === 'course.json') return 'course';
  const [top = '', file, ...deeper] = parts;
  if (!(COURSE_DIRS as readonly string[]).includes(top) || file === undefined)
    fail(
      name,
      'is not part of a course (a course zip holds course.json, modules/, quizzes/ and images/ only)',
    );
  if (file === '' && deeper.length === 0) return 'folder';
  if (file === '' || deeper.length > 0)
    fail(name, `is in a sub-folder of ${top}/ (files sit directly in it)`);
  if (top === 'modules') {
    if (!/^module-[1-9]\d*\.md$/.test(file)) fail(name, 'must be named module-N.md');
    return 'module';
  }
  if (top === 'quizzes') {
    if (!/^module-[1-9]\d*\.json$/.test(file)) fail(name, 'must be named module-N.json');
    return 'quiz';
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*\.(svg|png|jpe?g|gif|webp)$/.test(file))
    fail(name, 'must be a .svg, .png, .jpg, .gif or .webp file named with letters, digits, ".", "_" and "-"');
  return 'image';
}

function sizeLimit(kind: EntryKind, max: ZipLimits): number {
  if (kind === 'image') return max.maxImageBytes;
  if (kind === 'module') return max.maxModuleBytes;
  if (kind === 'folder') return 0;
  return max.maxJsonBytes;
}

/** Zip bytes fed to the inflater at a time: deflate expands at most ~1032×, so one step makes at most ~4 MiB. */
const FEED_BYTES = 4 * KiB;

/**
 * Inflates every entry, streaming, and stops an entry the moment it produces more than its
 * declared (already limit-checked) size, so a header that lies cannot make it use more memory.
 * The entries streamed (from the local headers) must be the central directory's, in its order,
 * each exactly its declared size.
 */
function inflateEntries(
  zip: Uint8Array,
  entries: UnzipFileInfo[],
  kinds: EntryKind[],
): Map<string, Uint8Array> {
  const streamed: Array<{ name: string; chunks: Uint8Array[]; length: number }> = [];
  const unzip = new Unzip((file) => {
    const declared = entries[streamed.length];
    const out = { name: file.name, chunks: [] as Uint8Array[], length: 0 };
    streamed.push(out);
    if (!declared || declared.name !== file.name)
      fail(WHOLE_ZIP, `its entries disagree with its central directory at "${file.name}"`);
    file.ondata = (err, chunk) => {
      if (err)
        throw err instanceof CourseZipError
          ? err
          : new CourseZipError(file.name, `is corrupt (${errorText(err)})`);
      out.length += chunk.length;
      if (out.length > declared.originalSize)
        fail(
          file.name,
          `inflates to more than its declared ${bytes(declared.originalSize)} (a zip bomb or a corrupt zip)`,
        );
      out.chunks.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < zip.length; at += FEED_BYTES)
      unzip.push(zip.subarray(at, at + FEED_BYTES), at + FEED_BYTES >= zip.length);
  } catch (e) {
    if (e instanceof CourseZipError) throw e;
    fail(WHOLE_ZIP, `is corrupt (${errorText(e)})`);
  }
  if (streamed.length !== entries.length)
    fail(WHOLE_ZIP, `holds ${streamed.length} entries, but its central directory lists ${entries.length}`);
  const files = new Map<string, Uint8Array>();
  for (const [i, out] of streamed.entries()) {
    const declared = entries[i]!.originalSize;
    if (out.length !== declared)
      fail(out.name, `inflates to ${out.length} bytes, not the declared ${declared}`);
    if (kinds[i] !== 'folder') files.set(out.name, concat(out.chunks, out.length));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

// --- the course ------------------------------------------------------------------------------

function checkCourse(files: Map<string, Uint8Array>, max: ZipLimits): void {
  const course = checkCourseJson(files.get('course.json'));
  for (const { id } of course.modules) {
    for (const needed of [`modules/module-${id}.md`, `quizzes/module-${id}.json`])
      if (!files.has(needed)) fail(needed, `is missing (course.json lists module ${id})`);
  }
  // Images last: parsing SVGs is the slow part, and a course's text is where most mistakes are.
  const named = (kind: EntryKind) => [...files].filter(([name]) => entryKind(name) === kind);
  for (const [name, content] of named('module')) checkModule(name, content, files, max);
  const listed = new Set(course.modules.map((m) => `quizzes/module-${m.id}.json`));
  const banks = { pre_assessment: 0, course: 0 };
  for (const [name, content] of named('quiz')) {
    const quiz = checkQuiz(name, content);
    if (!listed.has(name)) continue; // the loader reads the quizzes of listed modules only
    banks.pre_assessment += quiz.preAssessment.length;
    banks.course += quiz.finalQuiz.length;
  }
  // A draw over its bank would fail every attempt: refused here, before anything is saved.
  const pre = quizDrawProblem('pre_assessment', course.quizzes.preAssessment.draw, banks.pre_assessment);
  if (pre) fail('course.json', `quizzes.preAssessment.draw: ${pre}`);
  const final = quizDrawProblem('course', course.quizzes.finalQuiz.draw, banks.course);
  if (final) fail('course.json', `quizzes.finalQuiz.draw: ${final}`);
  for (const [name, content] of named('image')) checkImage(name, content);
}

function checkCourseJson(content: Uint8Array | undefined): CourseFile {
  const name = 'course.json';
  if (!content) fail(name, 'is missing');
  const course = parseWith(CourseFileSchema, name, content);
  const ids = new Set<number>();
  for (const [i, { id }] of course.modules.entries()) {
    if (ids.has(id)) fail(name, `modules[${i}].id ${id} is used by an earlier module too`);
    ids.add(id);
  }
  return course;
}

function checkQuiz(name: string, content: Uint8Array): z.infer<typeof QuizFileSchema> {
  const quiz = parseWith(QuizFileSchema, name, content);
  const fileId = Number(/module-(\d+)\.json$/.exec(name)![1]);
  if (quiz.moduleId !== fileId)
    fail(name, `moduleId is ${quiz.moduleId}, but the file is for module ${fileId}`);
  return quiz;
}

const IMAGE_REFERENCE = new RegExp(`/storage/${IMAGE_BUCKET}/([^\\s)"'<>?#]+)`, 'g');

function checkModule(
  name: string,
  content: Uint8Array,
  files: Map<string, Uint8Array>,
  max: ZipLimits,
): void {
  const markdown = checkLessons(name, utf8(name, content), max);
  for (const [reference, file] of markdown.matchAll(IMAGE_REFERENCE)) {
    const image = `images/${safeDecode(file!)}`;
    if (!files.has(image)) fail(name, `shows ${reference}, but the course has no ${image}`);
  }
}

/** A module's lessons each within the size limit and markdown only; answers the markdown. */
function checkLessons(name: string, markdown: string, max: ZipLimits): string {
  for (const lesson of parseModuleMarkdown(markdown)) {
    const size = Buffer.byteLength(lesson.body, 'utf8');
    if (size > max.maxLessonBytes)
      fail(
        name,
        `lesson "${lesson.title}" is ${bytes(size)}; a lesson may be at most ${bytes(max.maxLessonBytes)}`,
      );
    const tokens = marked.lexer(lesson.body, { gfm: true });
    // The sanitiser would drop it silently; the author learns what is wrong with their text instead.
    const html = findToken(tokens, (t) => t.type === 'html');
    if (html)
      fail(
        name,
        `lesson "${lesson.title}" contains HTML (${html.raw.trim().slice(0, 60)}); lessons are markdown only`,
      );
    const unlabelled = findToken(tokens, (t) => t.type === 'image' && !String(t.text ?? '').trim());
    if (unlabelled)
      fail(
        name,
        `lesson "${lesson.title}" shows ${(unlabelled as Tokens.Image).href} without alt text: describe the image for learners who cannot see it`,
      );
  }
  return markdown;
}

/** The first token of a markdown token tree (blocks, inline, list items, table cells) that `test` accepts. */
function findToken(tokens: readonly Token[], test: (token: Token) => boolean): Token | undefined {
  for (const token of tokens) {
    if (test(token)) return token;
    const children = [
      ...(('tokens' in token && token.tokens) || []),
      ...(token.type === 'list' ? token.items : []),
      ...(token.type === 'table'
        ? [...token.header, ...token.rows.flat()].flatMap((cell) => cell.tokens)
        : []),
    ] as Token[];
    const found = findToken(children, test);
    if (found) return found;
  }
  return undefined;
}

/** Parses a JSON file with one of the loader's schemas; the first issue in plain words if it fails. */
function parseWith<T>(schema: z.ZodMiniType<T>, name: string, content: Uint8Array): T {
  let json: unknown;
  try {
    json = JSON.parse(utf8(name, content));
  } catch (e) {
    if (e instanceof CourseZipError) throw e;
    fail(name, `is not valid JSON (${errorText(e)})`);
  }
  const result = schema.safeParse(json, { reportInput: true });
  if (!result.success) fail(name, describeFileIssue(result.error.issues[0]!));
  return result.data;
}

// --- images ----------------------------------------------------------------------------------

type RasterFormat = 'PNG' | 'JPEG' | 'GIF' | 'WebP';
const RASTER_EXTENSIONS: Record<string, RasterFormat> = {
  png: 'PNG',
  jpg: 'JPEG',
  jpeg: 'JPEG',
  gif: 'GIF',
  webp: 'WebP',
};

function checkImage(name: string, content: Uint8Array): void {
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

// --- small helpers -----------------------------------------------------------------------------

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function utf8(name: string, content: Uint8Array): string {
  try {
    return UTF8.decode(content);
  } catch {
    fail(name, 'is not UTF-8 text');
  }
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function bytes(n: number): string {
  if (n >= MiB) return `${+(n / MiB).toFixed(1)} MiB`;
  if (n >= KiB) return `${+(n / KiB).toFixed(1)} KiB`;
  return `${n} bytes`;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A zod issue in words an admin can act on, e.g. `finalQuiz[3].correct_answer must be one of A, B, C, D`. */
