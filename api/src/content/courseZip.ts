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
// This file holds the zip's structure; the course checks are in courseChecks.ts, the images' in
// imageChecks.ts, and what a course folder may hold (paths, limits) in courseFileRules.ts.

import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Unzip, type UnzipFileInfo, UnzipInflate, unzipSync, type Zippable, zipSync } from 'fflate';
import { checkCourse } from './courseChecks';
import {
  bytes,
  COURSE_DIRS,
  CourseZipError,
  DEFAULT_ZIP_LIMITS,
  type EntryKind,
  entryKind,
  errorText,
  fail,
  KiB,
  sizeLimit,
  WHOLE_ZIP,
  type ZipLimits,
} from './courseFileRules';
import { type CourseContent, readCourse } from './loader';

/** DOS time has no time zone: a local-time date gives 1980-01-01 00:00 in the zip wherever it runs. */
const FIXED_MTIME = new Date(1980, 0, 1);

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

/** The zip's files by path, sorted, if the zip is a safe and valid course; otherwise throws CourseZipError. */
export function unpackCourseZip(zip: Uint8Array, limits: Partial<ZipLimits> = {}): Map<string, Uint8Array> {
  const max = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const entries = listEntries(zip, max.maxEntries);
  const kinds = checkEntries(entries, max);
  const files = inflateEntries(zip, entries, kinds);
  checkCourse(files, max);
  return files;
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

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
