import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PackageFormat } from '@coursekit/core';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { fail } from '../http/errors';
import { cmi5Structure } from './cmi5Structure';
import type { LoadedCourse } from './courseBundle';
import { packageIndexHtml } from './indexHtml';
import { SCORM_SCHEMA_FILES, scorm12Manifest, scorm2004Manifest } from './scormManifest';

/** Where `npm run build -w @coursekit/lms` writes the player a package carries. */
export const LMS_DIST = fileURLToPath(new URL('../../../packages/lms/dist', import.meta.url));
/** The published schema files a SCORM package carries (and the manifests are validated against). */
export const SCHEMAS_DIR = fileURLToPath(new URL('./schemas', import.meta.url));

export interface CoursePackage {
  /** e.g. data-literacy-for-facility-managers-scorm12.zip */
  fileName: string;
  zip: Uint8Array;
  /** Every file in the zip, as the manifest lists them. */
  files: string[];
  /** The player bundle's size inside the zip (uncompressed bytes). */
  playerBytes: number;
}

async function playerFile(dir: string, name: string): Promise<Uint8Array> {
  try {
    return await readFile(path.join(dir, name));
  } catch {
    throw fail(
      'unavailable',
      `The package player is not built (${name}): run npm run build -w @coursekit/lms`,
    );
  }
}

/**
 * One course as a zip an LMS imports as it is: index.html, the player (the preact/compat build of
 * the widgets on the format's runtime adapter) and its CSS, the course as data (data/course.json)
 * with its images, and the manifest (imsmanifest.xml with the SCORM schema files, or cmi5.xml).
 */
export async function buildCoursePackage(
  course: LoadedCourse,
  format: PackageFormat,
  playerDir = LMS_DIST,
): Promise<CoursePackage> {
  const player = await playerFile(playerDir, `player-${format}.js`);
  const css = await playerFile(playerDir, 'player.css');
  const content: Record<string, Uint8Array> = {
    'index.html': strToU8(packageIndexHtml(course.bundle)),
    'player.js': player,
    'player.css': css,
    'data/course.json': strToU8(JSON.stringify(course.bundle)),
  };
  for (const image of course.images) content[`images/${image.name}`] = image.data;

  if (format === 'cmi5') {
    content['cmi5.xml'] = strToU8(cmi5Structure(course.bundle));
  } else {
    for (const name of SCORM_SCHEMA_FILES[format]) {
      content[name] = await readFile(path.join(SCHEMAS_DIR, format, name));
    }
    // The SCO's files: everything but the manifest and its schemas.
    const scoFiles = Object.keys(content).filter((f) => !f.endsWith('.xsd') && !f.endsWith('.dtd'));
    const manifest = format === 'scorm12' ? scorm12Manifest : scorm2004Manifest;
    content['imsmanifest.xml'] = strToU8(manifest(course.bundle, scoFiles));
  }

  const mtime = new Date(course.bundle.course.exportedAt);
  const zippable: Zippable = {};
  for (const [name, data] of Object.entries(content)) {
    // Images and the player are compressed already or compress well; level 9 costs little at this size.
    zippable[name] = [data, { level: 9, mtime }];
  }
  return {
    fileName: `${course.bundle.course.slug}-${format}.zip`,
    zip: zipSync(zippable),
    files: Object.keys(content),
    playerBytes: player.byteLength,
  };
}
