// What a course folder may hold, for the zip import and the studio alike: which paths, how large,
// and the error that names the file and its problem.

export const KiB = 1024;
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

export const WHOLE_ZIP = '(zip)';
export const COURSE_DIRS = ['modules', 'quizzes', 'images'] as const;
export type EntryKind = 'course' | 'module' | 'quiz' | 'image' | 'folder';

export function fail(file: string, problem: string): never {
  throw new CourseZipError(file, problem);
}

/** What a path in a course zip is, or a CourseZipError saying why it can't be in one. */
export function entryKind(name: string): EntryKind {
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

export function sizeLimit(kind: EntryKind, max: ZipLimits): number {
  if (kind === 'image') return max.maxImageBytes;
  if (kind === 'module') return max.maxModuleBytes;
  if (kind === 'folder') return 0;
  return max.maxJsonBytes;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

export function utf8(name: string, content: Uint8Array): string {
  try {
    return UTF8.decode(content);
  } catch {
    fail(name, 'is not UTF-8 text');
  }
}

export function bytes(n: number): string {
  if (n >= MiB) return `${+(n / MiB).toFixed(1)} MiB`;
  if (n >= KiB) return `${+(n / KiB).toFixed(1)} KiB`;
  return `${n} bytes`;
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
