import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { schema } from '../db/index';

// A course's history: every folder learners were given is a numbered version, whoever
// gave it (a content load, an import, a studio publish or restore). Versions are never changed.

const { courseVersions, courseVersionFiles, courseDrafts, courseDraftFiles } = schema;

type Tx = Pick<Db, 'select' | 'insert' | 'delete' | 'update'>;
export type CourseFiles = Map<string, Uint8Array>;

/** Who made a version and why. */
export interface VersionInfo {
  /** The publishing user; null for a content load from the repository's folder. */
  by: string | null;
  note: string | null;
  restoredFrom?: number;
}

export const CONTENT_FOLDER_VERSION: VersionInfo = { by: null, note: 'Loaded from the content folder' };

/** Whether two folders hold the same files, byte for byte. */
export function sameFiles(a: ReadonlyMap<string, Uint8Array>, b: ReadonlyMap<string, Uint8Array>): boolean {
  if (a.size !== b.size) return false;
  for (const [path, content] of a) {
    const other = b.get(path);
    if (!other || Buffer.compare(Buffer.from(content), Buffer.from(other)) !== 0) return false;
  }
  return true;
}

/** The course's latest version number; 0 when it has none. */
export async function latestVersion(db: Pick<Db, 'select'>, courseId: number): Promise<number> {
  const [row] = await db
    .select({ version: courseVersions.version })
    .from(courseVersions)
    .where(eq(courseVersions.courseId, courseId))
    .orderBy(desc(courseVersions.version))
    .limit(1);
  return row?.version ?? 0;
}

/** One version's files (empty for version 0 or one that does not exist). */
export async function versionFiles(
  db: Pick<Db, 'select'>,
  courseId: number,
  version: number,
): Promise<CourseFiles> {
  const rows = await db
    .select({ path: courseVersionFiles.path, content: courseVersionFiles.content })
    .from(courseVersionFiles)
    .where(and(eq(courseVersionFiles.courseId, courseId), eq(courseVersionFiles.version, version)))
    .orderBy(courseVersionFiles.path);
  return new Map(rows.map((r) => [r.path, new Uint8Array(r.content)]));
}

/** The draft's files, when the course has a draft. */
export async function draftFiles(db: Pick<Db, 'select'>, courseId: number): Promise<CourseFiles> {
  const rows = await db
    .select({ path: courseDraftFiles.path, content: courseDraftFiles.content })
    .from(courseDraftFiles)
    .where(eq(courseDraftFiles.courseId, courseId))
    .orderBy(courseDraftFiles.path);
  return new Map(rows.map((r) => [r.path, new Uint8Array(r.content)]));
}

/**
 * Records `files` as the course's next version, unless they are its latest version already (a
 * content load of an unchanged folder makes none). A studio draft nobody has edited since it was
 * copied follows the new version (it is dropped and copied again when next opened); a draft with
 * edits is kept, to be reviewed against the new version. Answers the version the files are.
 */
async function recordVersion(
  db: Tx,
  courseId: number,
  files: CourseFiles,
  info: VersionInfo,
): Promise<number> {
  const latest = await latestVersion(db, courseId);
  if (latest > 0 && sameFiles(files, await versionFiles(db, courseId, latest))) return latest;
  const version = latest + 1;
  await db.insert(courseVersions).values({
    courseId,
    version,
    publishedBy: info.by,
    note: info.note,
    restoredFrom: info.restoredFrom ?? null,
  });
  const rows = [...files].map(([path, content]) => ({
    courseId,
    version,
    path,
    content: Buffer.from(content),
  }));
  for (let i = 0; i < rows.length; i += 100)
    await db.insert(courseVersionFiles).values(rows.slice(i, i + 100));
  const [draft] = await db.select().from(courseDrafts).where(eq(courseDrafts.courseId, courseId));
  if (draft && sameFiles(await draftFiles(db, courseId), await versionFiles(db, courseId, draft.basedOn))) {
    await db.delete(courseDraftFiles).where(eq(courseDraftFiles.courseId, courseId));
    await db.delete(courseDrafts).where(eq(courseDrafts.courseId, courseId));
  }
  return version;
}

/**
 * Replaces what course_files holds of a course with these files (its folder as loaded or imported)
 * and records them in the course's history (a new version unless they are its latest already).
 */
export async function storeCourseFiles(
  db: Pick<Db, 'select' | 'insert' | 'delete' | 'update'>,
  courseId: number,
  files: ReadonlyMap<string, Uint8Array>,
  version: VersionInfo = CONTENT_FOLDER_VERSION,
): Promise<void> {
  await recordVersion(db, courseId, new Map(files), version);
  await db.delete(schema.courseFiles).where(eq(schema.courseFiles.courseId, courseId));
  const rows = [...files].map(([file, content]) => ({ courseId, path: file, content: Buffer.from(content) }));
  for (let i = 0; i < rows.length; i += 100)
    await db.insert(schema.courseFiles).values(rows.slice(i, i + 100));
}
