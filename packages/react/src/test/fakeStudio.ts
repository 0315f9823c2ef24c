import {
  type CourseChanges,
  CourseError,
  type DraftFile,
  draftConflict,
  draftFileExists,
  type StudioAdapter,
  type StudioCourse,
} from '@coursekit/core';

// A studio for widget tests: one course's draft in memory with the server's save rule (a save names
// its base revision; a stale one is a 409 naming who saved since). The API's own tests prove the
// server; this only lets the screens be driven. `failNext` makes the next save fail as a network would.

const EMPTY: CourseChanges = { course: [], modules: [], lessons: [], questions: [], images: [] };

export function fakeStudio(course = 'meter-basics') {
  let revision = 10;
  const files = new Map<string, DraftFile>();
  const put = (path: string, text: string | null, by: string | null) => {
    revision += 1;
    const file: DraftFile = {
      path,
      revision,
      text,
      bytes: text?.length ?? 100,
      updated_at: new Date(2026, 10, 26).toISOString(),
      updated_by: by,
    };
    files.set(path, file);
    return file;
  };
  put('course.json', '{ "slug": "meter-basics" }', null);
  put('modules/module-1.md', '# Module 1: Meters\n\n## Reading a meter\n\nThe first lesson.\n', null);
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
      return made;
    },
    deleteCourse: async () => undefined,
    draft: async () => ({
      course,
      published_version: published,
      based_on: published,
      changed: true,
      files: [...files.values()],
    }),
    file: async () => new Blob(),
    save: async (_slug, path, content, base) => {
      calls.saves += 1;
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      const current = files.get(path);
      if (base === null && current) throw new CourseError('conflict', draftFileExists(path));
      if (base !== null && current && current.revision !== base)
        throw new CourseError('conflict', draftConflict(path, current.updated_by, current.revision));
      return put(path, 'text' in content ? content.text : null, 'Mo Author');
    },
    remove: async (_slug, path) => {
      files.delete(path);
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
    saveAsOther: (path: string, text: string) => put(path, text, 'Sam Second'),
    textOf: (path: string) => files.get(path)?.text,
    failNextSave: (error: Error) => {
      failNext = error;
    },
  };
}

/** A Storage for the local copies, in memory. */
export function memoryCopies() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}
