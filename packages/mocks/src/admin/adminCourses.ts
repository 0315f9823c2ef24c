import {
  type AdminCourse,
  type AdminCourseChanges,
  adminMessages,
  CourseError,
  courseUpdate,
} from '@coursekit/core';
import { type AdminTables, logAction } from './adminTables';

/**
 * What the mocks answer to a course export or import. A memory store holds a summary of its course
 * (generated from the content files: the openings of lessons, a few questions), not the course's
 * folder: a zip made from it would look like the course and, imported into the API, replace its
 * lessons with their openings. So the mocks refuse both, saying where it works.
 */
export const mockCourseMessages = {
  noFolder: (slug: string) =>
    `The mocks hold a summary of course "${slug}", not its folder: export it from the reference API.`,
  notAZip: '(zip): not a zip file',
  noImport: 'The mocks cannot import a course: import the zip into the reference API.',
  /** The studio edits a course's folder, which the mocks do not hold (as for export and import). */
  noStudio: 'The mocks have no course studio: it edits course folders, which only the reference API holds.',
} as const;

/** A zip starts with a local file header (PK\3\4) or, empty, with its end record (PK\5\6). */
const looksLikeZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && bytes[3] === bytes[2] + 1;

/**
 * The console's courses on a memory store: its one course, the fixture's, which is the default
 * and published, changed by core's rule as the API changes it (the default stays published).
 */
export function adminCourses(tables: AdminTables) {
  const { store } = tables;

  function current(): AdminCourse {
    const learners = new Set([
      ...store.tables.progress.map((p) => p.user_id),
      ...store.tables.attempts.map((a) => a.user_id),
    ]);
    return {
      slug: store.tables.outline.slug,
      title: store.tables.outline.title,
      status: 'published',
      is_default: true,
      modules: store.modulesList.length,
      lessons: store.lessonsList.filter((l) => l.is_active).length,
      learners: learners.size,
    };
  }

  /** The course of `slug`; any other is a 404, as on the API. */
  function bySlug(slug: string): AdminCourse {
    store.checkCourse(slug);
    return current();
  }

  return {
    /** Every course, the default first: the store's one. */
    list: (): AdminCourse[] => [current()],

    /** A change by core's rule; the one course is the default, so only "published" stays possible. */
    update(actor: string, slug: string, changes: AdminCourseChanges): AdminCourse {
      const before = bySlug(slug);
      const after = courseUpdate(before, changes);
      if (!after.ok) throw new CourseError('conflict', adminMessages[after.refusal]);
      logAction(tables, actor, 'course_updated', null, {
        course: slug,
        from: { status: before.status, is_default: before.is_default },
        to: { status: after.status, is_default: after.is_default },
      });
      return { ...before, status: after.status, is_default: after.is_default };
    },

    /** Refused: the store has no folder to zip (see mockCourseMessages). */
    exportZip(slug: string): never {
      bySlug(slug);
      throw new CourseError('not_found', mockCourseMessages.noFolder(slug));
    },

    /** Refused, after the checks the mocks can make without a zip reader. */
    importZip(zip: Uint8Array): never {
      if (!looksLikeZip(zip)) throw new CourseError('invalid_request', mockCourseMessages.notAZip);
      throw new CourseError('invalid_request', mockCourseMessages.noImport);
    },
  };
}
