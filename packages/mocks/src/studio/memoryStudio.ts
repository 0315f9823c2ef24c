import {
  type CourseChanges,
  CourseError,
  type CourseFile,
  courseDoesNotExist,
  courseJsonRequired,
  courseSlugTaken,
  type DraftFile,
  draftChangedSinceReview,
  draftConflict,
  draftFileExists,
  draftFileKind,
  draftFileMissing,
  lessonNotes,
  notBase64,
  nothingToPublish,
  type StudioAdapter,
  type StudioCourse,
} from '@coursekit/core';

// A course studio in memory, for the studio's widget tests and stories: courses' drafts with the
// server's rules for saving, removing, reading and deleting (a save names its base revision; a stale
// one is a 409 naming who saved since; the same refusals, with the same texts), and publishing only
// the reviewed draft. core's studio conformance suite proves it against the live API
// (memoryStudio.test.ts). What it does not do is the API's: the file checks, the review's diff
// (canned: one changed lesson of the first course) and publishing through the content pipeline
// (api/src/studio/studio.test.ts). `failNextSave` makes the next save fail as a network would.

/** A 1×1 PNG: the draft's one image (`images/{course}-dial.png`). */
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const EMPTY: CourseChanges = { course: [], modules: [], lessons: [], questions: [], images: [] };

/** The draft's image files take base64, every other file text (the API's rule). */
const isImage = (path: string) => /^images\//.test(path);
const utf8Length = (text: string) => new TextEncoder().encode(text).length;

export interface MemoryStudioOptions {
  course?: string;
  /** Each save waits this long (ms) before answering: a slow connection ('Saving...'). */
  saveLatencyMs?: number;
}

export function createMemoryStudio({ course = 'meter-basics', saveLatencyMs = 0 }: MemoryStudioOptions = {}) {
  let revision = 10;
  /** Each course's draft, by slug. */
  const drafts = new Map<string, Map<string, DraftFile>>();
  const filesOf = (slug: string) => {
    const found = drafts.get(slug);
    if (!found) throw new CourseError('not_found', courseDoesNotExist(slug));
    return found;
  };
  /** core's lessonNotes on a draft's module files, as the API's review answers them. */
  const notesOf = (slug: string) => {
    const modules = [...filesOf(slug).values()].flatMap((f) =>
      f.path.startsWith('modules/') && f.text !== null ? [{ path: f.path, text: f.text }] : [],
    );
    const notes = lessonNotes(modules);
    return notes.length > 0 ? { notes } : {};
  };
  /** An image file's bytes (base64), by course and path: what `file` answers. */
  const images = new Map<string, string>();
  const put = (slug: string, path: string, text: string | null, by: string | null, base64?: string) => {
    revision += 1;
    if (base64 !== undefined) images.set(`${slug}/${path}`, base64);
    const file: DraftFile = {
      path,
      revision,
      text,
      bytes: text !== null ? utf8Length(text) : atob(base64 ?? '').length,
      updated_at: new Date(2026, 10, 26).toISOString(),
      updated_by: by,
    };
    filesOf(slug).set(path, file);
    return file;
  };
  drafts.set(course, new Map());
  put(
    course,
    'course.json',
    courseJson(course, 'Meter Basics', [
      { id: 1, name: 'Meters', title: 'Reading Meters', description: 'What a meter records.' },
      { id: 2, name: 'Readings', title: 'Checking Readings', description: 'When a reading is wrong.' },
    ]),
    null,
  );
  put(course, 'modules/module-1.md', '# Module 1: Meters\n\n## Reading a meter\n\nThe first lesson.\n', null);
  put(course, `images/${course}-dial.png`, null, null, PIXEL_PNG);
  put(
    course,
    'quizzes/module-1.json',
    `${JSON.stringify(
      {
        moduleId: 1,
        preAssessment: [],
        finalQuiz: [
          {
            question_text: 'What does a meter record?',
            option_a: 'Consumption over time',
            option_b: 'The weather',
            option_c: 'Who is in the building',
            option_d: 'Nothing at all',
            correct_answer: 'A',
            explanation: 'A meter counts what flows through it.',
            objectives: ['LO1'],
          },
        ],
      },
      null,
      2,
    )}\n`,
    null,
  );
  /** Each course's latest version (0: never published), by slug. */
  const published = new Map<string, number>([[course, 1]]);
  const versionOf = (slug: string) => published.get(slug) ?? 0;
  /** What a review names and a publish must name back: the draft's files at their revisions. */
  const hashOf = (slug: string) =>
    `hash-${[...filesOf(slug).values()]
      .map((f) => `${f.path}@${f.revision}`)
      .sort()
      .join(',')}`;
  /** The course's file at a path, or the API's 404 for a file not in the draft. */
  const fileOf = (slug: string, path: string) => {
    const file = filesOf(slug).get(path);
    if (!file) throw new CourseError('not_found', draftFileMissing(path));
    return file;
  };
  /** The API's refusal of a write made on `base` that the draft has moved past. */
  const refuseStale = (slug: string, path: string, base: number | null) => {
    const current = filesOf(slug).get(path);
    if (base === null) {
      if (current) throw new CourseError('conflict', draftFileExists(path));
      return;
    }
    if (!current) throw new CourseError('not_found', draftFileMissing(path));
    if (current.revision !== base)
      throw new CourseError('conflict', draftConflict(path, current.updated_by, current.revision));
  };
  let failNext: Error | null = null;
  const courses: StudioCourse[] = [
    { slug: course, title: 'Meter Basics', status: 'published', published_version: 1, draft_changed: false },
  ];
  /** What the screen sent: every save's path and text (null: an image), refused or not. */
  const calls = {
    saves: 0,
    sent: [] as Array<{ path: string; text: string | null }>,
    publishes: [] as string[],
  };

  const studio: StudioAdapter = {
    courses: async () => courses,
    create: async ({ slug, title }) => {
      if (courses.some((c) => c.slug === slug)) throw new CourseError('conflict', courseSlugTaken(slug));
      const made: StudioCourse = { slug, title, status: 'draft', published_version: 0, draft_changed: true };
      courses.push(made);
      drafts.set(slug, new Map());
      put(slug, 'course.json', courseJson(slug, title, []), 'Mo Author');
      return made;
    },
    deleteCourse: async (slug) => {
      filesOf(slug);
      drafts.delete(slug);
      published.delete(slug);
      courses.splice(
        courses.findIndex((c) => c.slug === slug),
        1,
      );
    },
    draft: async (slug) => {
      const files = filesOf(slug);
      return {
        course: slug,
        published_version: versionOf(slug),
        based_on: versionOf(slug),
        changed: true,
        files: [...files.values()].sort((a, b) => a.path.localeCompare(b.path)),
      };
    },
    file: async (slug, path) => {
      const file = fileOf(slug, path);
      if (file.text !== null) return new Blob([file.text], { type: 'text/plain; charset=utf-8' });
      const bytes = Uint8Array.from(atob(images.get(`${slug}/${path}`) ?? ''), (c) => c.charCodeAt(0));
      return new Blob([bytes], { type: path.endsWith('.svg') ? 'image/svg+xml' : 'image/png' });
    },
    save: async (slug, path, content, base) => {
      calls.saves += 1;
      calls.sent.push({ path, text: 'text' in content ? content.text : null });
      if (saveLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, saveLatencyMs));
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      if (isImage(path) !== 'base64' in content)
        throw new CourseError('invalid_request', draftFileKind(path, isImage(path) ? 'base64' : 'text'));
      if (
        'base64' in content &&
        (!/^[A-Za-z0-9+/]*={0,2}$/.test(content.base64) || content.base64.length % 4 !== 0)
      )
        throw new CourseError('invalid_request', notBase64(path));
      filesOf(slug);
      refuseStale(slug, path, base);
      return 'text' in content
        ? put(slug, path, content.text, 'Mo Author')
        : put(slug, path, null, 'Mo Author', content.base64);
    },
    remove: async (slug, path, base) => {
      if (path === 'course.json') throw new CourseError('invalid_request', courseJsonRequired);
      refuseStale(slug, path, base);
      filesOf(slug).delete(path);
      images.delete(`${slug}/${path}`);
    },
    changes: async (slug) => ({
      ...notesOf(slug),
      published_version: versionOf(slug),
      changes:
        slug === course
          ? {
              ...EMPTY,
              lessons: [
                {
                  module_id: 1,
                  key: 'module_1_1_reading_a_meter',
                  title: 'Reading a meter',
                  change: 'changed',
                  diff: [
                    { kind: 'removed', text: 'The first lesson.' },
                    { kind: 'added', text: 'The first lesson, edited.' },
                  ],
                },
              ],
            }
          : EMPTY,
      draft_hash: hashOf(slug),
    }),
    publish: async (slug, hash) => {
      if (hash !== hashOf(slug)) throw new CourseError('conflict', draftChangedSinceReview);
      calls.publishes.push(hash);
      const version = versionOf(slug) + 1;
      published.set(slug, version);
      return {
        version: {
          version,
          published_at: new Date().toISOString(),
          published_by: 'Administrator',
          note: null,
          restored_from: null,
        },
        summary: { modules: 1, inserted: 0, updated: 1, unchanged: 0, deactivated: 0, questions: 0 },
      };
    },
    versions: async (slug) => {
      filesOf(slug);
      const latest = versionOf(slug);
      return Array.from({ length: latest }, (_, i) => ({
        version: latest - i,
        published_at: new Date(2026, 10, 26 - i).toISOString(),
        published_by: i === latest - 1 ? null : 'Administrator',
        note: null,
        restored_from: null,
      }));
    },
    compare: async () => EMPTY,
    restore: async () => {
      throw new CourseError('conflict', nothingToPublish);
    },
  };
  return {
    studio,
    calls,
    /** Another author's save, made outside the screen. */
    saveAsOther: (path: string, text: string) => put(course, path, text, 'Sam Second'),
    textOf: (path: string) => filesOf(course).get(path)?.text,
    failNextSave: (error: Error) => {
      failNext = error;
    },
  };
}

/** A Storage for the studio's local copies of unsaved text, in memory. */
export function memoryCopies() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

/** A course.json the course-file schema accepts, as the API's template makes them. */
function courseJson(slug: string, title: string, modules: CourseFile['modules']): string {
  const file: CourseFile = {
    slug,
    title,
    description: '',
    estimatedTime: '1 hour',
    syllabusDuration: '1h',
    preAssessmentTime: '5 minutes',
    objectives: [{ id: 'LO1', text: 'Read a meter.' }],
    modules,
    quizzes: {
      preAssessment: { title: 'Pre-Assessment', description: 'What you know already.', passingScore: 70 },
      finalQuiz: { title: 'Final Quiz', description: 'Every module.', passingScore: 80 },
    },
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}
