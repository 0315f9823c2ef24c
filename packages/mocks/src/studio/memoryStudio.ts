import {
  type CourseChanges,
  CourseError,
  type CourseFile,
  courseDoesNotExist,
  type DraftFile,
  draftConflict,
  draftFileExists,
  type StudioAdapter,
  type StudioCourse,
} from '@coursekit/core';

// A course studio in memory, for the studio's widget tests and stories: one course's draft with the
// server's save rule (a save names its base revision; a stale one is a 409 naming who saved since),
// a canned review and a history. It is not the API: the studio's rules (checks, diffs, publishing
// through the content pipeline) live in the reference API and are proven there
// (api/src/studio/studio.test.ts). `failNextSave` makes the next save fail as a network would.

/** A 1×1 PNG: the draft's one image (`images/{course}-dial.png`). */
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const EMPTY: CourseChanges = { course: [], modules: [], lessons: [], questions: [], images: [] };

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
  /** An image file's bytes (base64), by course and path: what `file` answers. */
  const images = new Map<string, string>();
  const put = (slug: string, path: string, text: string | null, by: string | null, base64?: string) => {
    revision += 1;
    if (base64 !== undefined) images.set(`${slug}/${path}`, base64);
    const file: DraftFile = {
      path,
      revision,
      text,
      bytes: text?.length ?? (base64 !== undefined ? Math.floor((base64.length * 3) / 4) : 100),
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
  let published = 1;
  let failNext: Error | null = null;
  const courses: StudioCourse[] = [
    { slug: course, title: 'Meter Basics', status: 'published', published_version: 1, draft_changed: false },
  ];
  const calls = { saves: 0, publishes: [] as string[] };

  const studio: StudioAdapter = {
    courses: async () => courses,
    create: async ({ slug, title }) => {
      if (courses.some((c) => c.slug === slug))
        throw new CourseError('conflict', `A course with the slug "${slug}" exists already: choose another.`);
      const made: StudioCourse = { slug, title, status: 'draft', published_version: 0, draft_changed: true };
      courses.push(made);
      drafts.set(slug, new Map());
      put(slug, 'course.json', courseJson(slug, title, []), 'Mo Author');
      return made;
    },
    deleteCourse: async () => undefined,
    draft: async (slug) => {
      const files = filesOf(slug);
      const version = slug === course ? published : 0;
      return {
        course: slug,
        published_version: version,
        based_on: version,
        changed: true,
        files: [...files.values()],
      };
    },
    file: async (slug, path) => {
      const base64 = images.get(`${slug}/${path}`);
      if (base64 === undefined) throw new CourseError('not_found', `The draft has no ${path}.`);
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      return new Blob([bytes], { type: path.endsWith('.svg') ? 'image/svg+xml' : 'image/png' });
    },
    save: async (slug, path, content, base) => {
      calls.saves += 1;
      if (saveLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, saveLatencyMs));
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      const current = filesOf(slug).get(path);
      if (base === null && current) throw new CourseError('conflict', draftFileExists(path));
      if (base !== null && current && current.revision !== base)
        throw new CourseError('conflict', draftConflict(path, current.updated_by, current.revision));
      return 'text' in content
        ? put(slug, path, content.text, 'Mo Author')
        : put(slug, path, null, 'Mo Author', content.base64);
    },
    remove: async (slug, path) => {
      filesOf(slug).delete(path);
    },
    changes: async () => ({
      published_version: published,
      changes: {
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
      },
      draft_hash: `hash-${revision}`,
    }),
    publish: async (_slug, hash) => {
      calls.publishes.push(hash);
      published += 1;
      return {
        version: {
          version: published,
          published_at: new Date().toISOString(),
          published_by: 'Administrator',
          note: null,
          restored_from: null,
        },
        summary: { modules: 1, inserted: 0, updated: 1, unchanged: 0, deactivated: 0, questions: 0 },
      };
    },
    versions: async () =>
      Array.from({ length: published }, (_, i) => ({
        version: published - i,
        published_at: new Date(2026, 10, 26 - i).toISOString(),
        published_by: i === published - 1 ? null : 'Administrator',
        note: null,
        restored_from: null,
      })),
    compare: async () => EMPTY,
    restore: async () => {
      throw new CourseError('conflict', 'Nothing to publish: the draft is the same as the latest version.');
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
