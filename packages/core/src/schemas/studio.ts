import * as z from 'zod/mini';
import { textInput } from './text';

// The course studio's wire shapes. A course's draft is its folder in the content format
// (course.json, modules/module-N.md, quizzes/module-N.json, images/*), file by file; authors save
// files, an admin publishes the draft as the course's next version.

/** The slug rule of course.json: lower-case words joined by hyphens. */
export const COURSE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The paths a course folder may hold (the zip import's rule). */
export const DRAFT_PATH_PATTERN =
  /^(course\.json|modules\/module-[1-9]\d*\.md|quizzes\/module-[1-9]\d*\.json|images\/[A-Za-z0-9][A-Za-z0-9._-]*\.(svg|png|jpe?g|gif|webp))$/;

/** One file of a draft. */
export const DraftFileSchema = z.object({
  path: z.string(),
  /** Changes on every save (never given twice); a save names the revision it was made on. */
  revision: z.number(),
  /** The text of course.json, a module or a quiz; null for an image (see `bytes`). */
  text: z.nullable(z.string()),
  bytes: z.number(),
  updated_at: z.string(),
  /** The author's display name; null for the content folder or a deleted account. */
  updated_by: z.nullable(z.string()),
});
export type DraftFile = z.infer<typeof DraftFileSchema>;

export const CourseDraftSchema = z.object({
  course: z.string(),
  /** The latest published version; 0 before the first publish. */
  published_version: z.number(),
  /** The version the draft was copied from; lower than published_version when one was loaded since. */
  based_on: z.number(),
  /** Whether the draft differs from the latest published version. */
  changed: z.boolean(),
  files: z.array(DraftFileSchema),
});
export type CourseDraft = z.infer<typeof CourseDraftSchema>;

/** Saves one file: its text (course.json, modules, quizzes) or, for an image, its bytes in base64. */
export const DraftSaveBodySchema = z.strictObject({
  /** The revision the edit was made on; null to add a file the draft does not have. */
  base_revision: z.nullable(z.number().check(z.int(), z.gte(1))),
  text: z.optional(textInput()),
  base64: z.optional(textInput()),
});
export type DraftSaveBody = z.infer<typeof DraftSaveBodySchema>;

export const DraftDeleteQuerySchema = z.strictObject({
  base_revision: z.coerce.number().check(z.int(), z.gte(1)),
});

const ChangeKindSchema = z.enum(['added', 'changed', 'removed']);
/** One line of a text diff. */
export const DiffLineSchema = z.object({ kind: z.enum(['same', 'added', 'removed']), text: z.string() });

/** What differs between two states of a course (two versions, or the latest version and the draft). */
export const CourseChangesSchema = z.object({
  /** course.json's fields that differ (title, description, objectives, quizzes…); modules are below. */
  course: z.array(z.string()),
  modules: z.array(z.object({ id: z.number(), name: z.string(), change: ChangeKindSchema })),
  /** Lessons by key, as learners' progress follows them: a changed lesson keeps its completions. */
  lessons: z.array(
    z.object({
      module_id: z.number(),
      key: z.string(),
      title: z.string(),
      change: ChangeKindSchema,
      /** The lesson's markdown, line by line (changed lessons only). */
      diff: z.array(DiffLineSchema),
    }),
  ),
  questions: z.array(
    z.object({
      module_id: z.number(),
      quiz: z.enum(['pre_assessment', 'course']),
      /** Its place in the module's list, from 1. */
      number: z.number(),
      change: ChangeKindSchema,
      before: z.nullable(z.string()),
      after: z.nullable(z.string()),
    }),
  ),
  images: z.array(z.object({ path: z.string(), change: ChangeKindSchema })),
});
export type CourseChanges = z.infer<typeof CourseChangesSchema>;

/** The draft's changes since the latest version, and the fingerprint a publish of them names. */
export const DraftChangesSchema = z.object({
  published_version: z.number(),
  changes: CourseChangesSchema,
  /** Identifies the draft as reviewed: publishing is refused when the draft moved on since. */
  draft_hash: z.string(),
  /** What publishing would leave out or surprise with: sections too short to be lessons, no lesson at all. */
  notes: z.optional(z.array(z.string())),
});
export type DraftChanges = z.infer<typeof DraftChangesSchema>;

export const CourseVersionSchema = z.object({
  version: z.number(),
  published_at: z.string(),
  published_by: z.nullable(z.string()),
  note: z.nullable(z.string()),
  restored_from: z.nullable(z.number()),
});
export type CourseVersion = z.infer<typeof CourseVersionSchema>;

export const PublishBodySchema = z.strictObject({
  /** The `draft_hash` of the changes the admin reviewed (any other value: the draft changed since). */
  draft_hash: textInput().check(z.minLength(1, 'Review the changes first'), z.maxLength(128)),
  note: z.optional(textInput().check(z.maxLength(500))),
});

/** A publish or restore: the version made and what the content pipeline did with it. */
export const PublishResultSchema = z.object({
  version: CourseVersionSchema,
  summary: z.object({
    modules: z.number(),
    inserted: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    deactivated: z.number(),
    questions: z.number(),
  }),
});
export type PublishResult = z.infer<typeof PublishResultSchema>;

export const CreateCourseBodySchema = z.strictObject({
  slug: textInput().check(
    z.regex(COURSE_SLUG_PATTERN, 'Lower-case words joined by hyphens'),
    z.maxLength(100),
  ),
  title: textInput().check(z.minLength(1, 'Enter a title'), z.maxLength(200)),
  /** Start as a copy of this course's draft (its images renamed for the new course). */
  copy_of: z.optional(textInput().check(z.regex(COURSE_SLUG_PATTERN, 'Not a course slug'))),
});

/** A course as the studio lists it. */
export const StudioCourseSchema = z.object({
  slug: z.string(),
  title: z.string(),
  status: z.enum(['draft', 'published', 'archived']),
  published_version: z.number(),
  /** Whether its draft has changes no version has yet. */
  draft_changed: z.boolean(),
});
export type StudioCourse = z.infer<typeof StudioCourseSchema>;
