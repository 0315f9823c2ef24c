import {
  CourseChangesSchema,
  CourseDraftSchema,
  CourseVersionSchema,
  courseHasLearners,
  courseHasNoLesson,
  courseJsonRequired,
  courseSlugTaken,
  DraftChangesSchema,
  defaultCourseNotDeleted,
  draftChangedSinceReview,
  draftConflict,
  draftFileExists,
  MIN_SECTION_LENGTH,
  messages,
  nothingToPublish,
  PublishResultSchema,
  StudioCourseSchema,
} from '@coursekit/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/index';
import { call, DRIVERS, grantRole, signInAdmin, signUp, startServer, type TestServer } from '../test/harness';

// Server side: authors write a course's draft file by file, an admin publishes it as a
// version learners get (their progress kept by lesson key), versions are compared and restored,
// two authors never overwrite each other, and bad input is refused with nothing saved.

const SLUG = 'meter-reading-basics';
const file = (p: string) => `/admin/studio/courses/${SLUG}/draft/files/${encodeURIComponent(p)}`;

const paragraph = (topic: string) =>
  `A facility manager reads ${topic} every week. This paragraph is long enough to count as a lesson ` +
  'body under the loader’s rule, and it says something a learner can act on: compare the figure ' +
  'with the same week last year before drawing a conclusion.';

const courseJson = (title = 'Meter Reading Basics') => ({
  slug: SLUG,
  title,
  description: 'Read a meter and its report.',
  estimatedTime: '40 minutes',
  syllabusDuration: '40m',
  preAssessmentTime: '5 minutes',
  objectives: [{ id: 'LO1', text: 'Read a meter' }],
  modules: [
    {
      id: 1,
      name: 'Meters',
      title: 'Module 1: Meters',
      description: 'What a meter measures.',
      durationMinutes: 20,
    },
    {
      id: 2,
      name: 'Reports',
      title: 'Module 2: Reports',
      description: 'What a report shows.',
      durationMinutes: 20,
    },
  ],
  quizzes: {
    preAssessment: { title: 'Pre-Assessment', description: 'Before you start.', passingScore: 70 },
    finalQuiz: { title: 'Final Quiz', description: 'At the end.', passingScore: 80 },
  },
});

const moduleOne = (extra = '') => `# Module 1: Meters

## What a meter counts

${paragraph('the main meter')}${extra}

![A meter's dial](/storage/image-assets/${SLUG}-dial.svg)

## Register and interval reads

${paragraph('the register')}

| read | what it is |
| --- | --- |
| register | a running total |
| interval | the use in one period |
`;

const moduleTwo = `# Module 2: Reports

## A monthly report

${paragraph('the monthly report')}
`;

const question = (text: string, correct = 'A') => ({
  question_text: text,
  option_a: 'First',
  option_b: 'Second',
  option_c: 'Third',
  option_d: 'Fourth',
  correct_answer: correct,
  explanation: 'Because the first is right.',
  objectives: ['LO1'],
});
const quiz = (moduleId: number, final: unknown[]) => ({
  moduleId,
  preAssessment: [question(`Module ${moduleId}: which read runs on?`)],
  finalQuiz: final,
});

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>`;
const base64 = (text: string) => Buffer.from(text).toString('base64');

describe.each(DRIVERS)('course studio (%s)', (driver) => {
  let server: TestServer;
  let admin: string;
  let author: string;
  let second: string;
  let learner: string;

  beforeAll(async () => {
    server = await startServer(driver);
    admin = (await signInAdmin(server)).token;
    const mo = await signUp(server, 'Mo Author');
    await grantRole(server, mo.userId, 'moderator');
    author = mo.token;
    const sam = await signUp(server, 'Sam Second');
    await grantRole(server, sam.userId, 'moderator');
    second = sam.token;
    learner = (await signUp(server, 'Lee Learner')).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const draft = async (token = author) => {
    const res = await call(server, 'GET', `/admin/studio/courses/${SLUG}/draft`, { token });
    expect(res.status).toBe(200);
    return CourseDraftSchema.parse(res.body);
  };
  const revision = async (p: string) => (await draft()).files.find((f) => f.path === p)?.revision ?? null;
  const save = (
    p: string,
    content: { text?: string; base64?: string },
    base: number | null,
    token = author,
  ) => call(server, 'PUT', file(p), { token, body: { base_revision: base, ...content } });
  const changes = async () => {
    const res = await call(server, 'GET', `/admin/studio/courses/${SLUG}/changes`, { token: author });
    expect(res.status).toBe(200);
    return DraftChangesSchema.parse(res.body);
  };
  const publish = async (note?: string) => {
    const { draft_hash } = await changes();
    return call(server, 'POST', `/admin/studio/courses/${SLUG}/publish`, {
      token: admin,
      body: { draft_hash, note },
    });
  };

  it('gives every loaded course a first version from its folder, and a restart adds none', async () => {
    const list = await call(server, 'GET', '/admin/studio/courses', { token: author });
    expect(list.status).toBe(200);
    const courses = list.body.map((c: unknown) => StudioCourseSchema.parse(c));
    expect(courses.map((c: { published_version: number }) => c.published_version)).toEqual([1, 1]);
    expect(courses.every((c: { draft_changed: boolean }) => !c.draft_changed)).toBe(true);
    const slug = courses[0].slug;
    const versions = await call(server, 'GET', `/admin/studio/courses/${slug}/versions`, { token: author });
    expect(versions.body).toEqual([
      expect.objectContaining({ version: 1, published_by: null, note: 'Loaded from the content folder' }),
    ]);
    CourseVersionSchema.parse(versions.body[0]);
  });

  it('lets a moderator write a new course and only an admin publish it; learners then take it', async () => {
    const created = await call(server, 'POST', '/admin/studio/courses', {
      token: author,
      body: { slug: SLUG, title: 'Meter Reading Basics' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      slug: SLUG,
      title: 'Meter Reading Basics',
      status: 'draft',
      published_version: 0,
      draft_changed: true,
    });
    // Not there for learners until published.
    expect((await call(server, 'GET', `/courses/${SLUG}/outline`)).status).toBe(404);

    expect(
      (
        await save(
          'course.json',
          { text: JSON.stringify(courseJson(), null, 2) },
          await revision('course.json'),
        )
      ).status,
    ).toBe(200);
    expect((await save(`images/${SLUG}-dial.svg`, { base64: base64(SVG) }, null)).status).toBe(200);
    // Before any module is written the review says there is no lesson to publish yet.
    expect((await changes()).notes).toEqual([courseHasNoLesson(MIN_SECTION_LENGTH)]);
    expect((await save('modules/module-1.md', { text: moduleOne() }, null)).status).toBe(200);
    expect((await save('modules/module-2.md', { text: moduleTwo }, null)).status).toBe(200);
    const bank = (m: number) =>
      [1, 2, 3, 4].map((n) => question(`Module ${m}, question ${n}: which is right?`));
    expect(
      (await save('quizzes/module-1.json', { text: JSON.stringify(quiz(1, bank(1))) }, null)).status,
    ).toBe(200);
    expect(
      (await save('quizzes/module-2.json', { text: JSON.stringify(quiz(2, bank(2))) }, null)).status,
    ).toBe(200);

    const review = await changes();
    expect(review.published_version).toBe(0);
    expect(review.notes).toBeUndefined();
    expect(review.changes.lessons.map((l) => [l.module_id, l.title, l.change])).toEqual([
      [1, 'What a meter counts', 'added'],
      [1, 'Register and interval reads', 'added'],
      [2, 'A monthly report', 'added'],
    ]);
    expect(review.changes.questions).toHaveLength(10);
    expect(review.changes.images).toEqual([{ path: `images/${SLUG}-dial.svg`, change: 'added' }]);

    // A moderator writes; publishing is an admin's.
    const refused = await call(server, 'POST', `/admin/studio/courses/${SLUG}/publish`, {
      token: author,
      body: { draft_hash: review.draft_hash },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(messages.guardInsufficientRole);

    const published = await publish('First version');
    expect(published.status).toBe(201);
    const result = PublishResultSchema.parse(published.body);
    expect(result.version).toMatchObject({
      version: 1,
      published_by: 'Administrator',
      note: 'First version',
    });
    expect(result.summary).toMatchObject({ modules: 2, inserted: 3, questions: 10 });

    const modules = await call(server, 'GET', `/courses/${SLUG}/modules`, { token: learner });
    expect(modules.status).toBe(200);
    expect(modules.body.map((m: { name: string }) => m.name)).toEqual(['Meters', 'Reports']);
    const lessons = (await call(server, 'GET', `/courses/${SLUG}/modules/1/lessons`, { token: learner }))
      .body;
    expect(lessons[0].content).toContain(`/storage/image-assets/${SLUG}-dial.svg`);
    expect(lessons[1].content).toContain('<table>');
    const image = await fetch(`${server.url}/storage/image-assets/${SLUG}-dial.svg`);
    expect(image.status).toBe(200);
    // The learner completes the first lesson of version 1.
    const done = await call(server, 'PUT', `/courses/${SLUG}/progress/lessons/${lessons[0].lesson_key}`, {
      token: learner,
      body: { completed: true },
    });
    expect(done.status).toBe(200);
  });

  it('publishes an edited lesson and question as version 2, keeping the learner’s completion', async () => {
    const edited = moduleOne(' Read it on the same day each week.');
    expect(
      (await save('modules/module-1.md', { text: edited }, await revision('modules/module-1.md'))).status,
    ).toBe(200);
    const quizFile = quiz(
      1,
      [1, 2, 3, 4].map((n) => question(`Module 1, question ${n}: which is right?`)),
    );
    quizFile.finalQuiz[0] = question('Module 1, question 1, reworded: which option is right?', 'B');
    expect(
      (
        await save(
          'quizzes/module-1.json',
          { text: JSON.stringify(quizFile) },
          await revision('quizzes/module-1.json'),
        )
      ).status,
    ).toBe(200);

    const review = await changes();
    expect(review.published_version).toBe(1);
    const [lesson] = review.changes.lessons;
    expect(review.changes.lessons).toHaveLength(1);
    expect(lesson).toMatchObject({ module_id: 1, title: 'What a meter counts', change: 'changed' });
    expect(lesson!.diff.filter((l) => l.kind !== 'same').map((l) => l.kind)).toEqual(['removed', 'added']);
    expect(lesson!.diff.find((l) => l.kind === 'added')!.text).toContain(
      'Read it on the same day each week.',
    );
    expect(review.changes.questions).toEqual([
      {
        module_id: 1,
        quiz: 'course',
        number: 1,
        change: 'changed',
        before: 'Module 1, question 1: which is right?',
        after: 'Module 1, question 1, reworded: which option is right?',
      },
    ]);

    expect((await publish()).status).toBe(201);
    const progress = (await call(server, 'GET', `/courses/${SLUG}/progress`, { token: learner })).body;
    expect(progress.summary).toMatchObject({ completedLessons: 1, totalLessons: 3 });
    const lessons = (await call(server, 'GET', `/courses/${SLUG}/modules/1/lessons`, { token: learner }))
      .body;
    expect(lessons[0].content).toContain('Read it on the same day each week.');

    // Publishing the same draft again has nothing to give.
    const again = await publish();
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(nothingToPublish);
  });

  it('lists, compares and restores versions; a restore is a new version', async () => {
    const compare = await call(server, 'GET', `/admin/studio/courses/${SLUG}/versions/1/compare/2`, {
      token: author,
    });
    expect(compare.status).toBe(200);
    const changed = CourseChangesSchema.parse(compare.body);
    expect(changed.lessons.map((l) => l.change)).toEqual(['changed']);

    expect(
      (await call(server, 'POST', `/admin/studio/courses/${SLUG}/versions/1/restore`, { token: author }))
        .status,
    ).toBe(403);
    const restored = await call(server, 'POST', `/admin/studio/courses/${SLUG}/versions/1/restore`, {
      token: admin,
    });
    expect(restored.status).toBe(201);
    expect(restored.body.version).toMatchObject({ version: 3, restored_from: 1, note: 'Restored version 1' });
    const lessons = (await call(server, 'GET', `/courses/${SLUG}/modules/1/lessons`, { token: learner }))
      .body;
    expect(lessons[0].content).not.toContain('Read it on the same day each week.');
    const progress = (await call(server, 'GET', `/courses/${SLUG}/progress`, { token: learner })).body;
    expect(progress.summary.completedLessons).toBe(1);

    const versions = (await call(server, 'GET', `/admin/studio/courses/${SLUG}/versions`, { token: author }))
      .body;
    expect(
      versions.map((v: { version: number; published_by: string }) => [v.version, v.published_by]),
    ).toEqual([
      [3, 'Administrator'],
      [2, 'Administrator'],
      [1, 'Administrator'],
    ]);
    // The draft had no edits of its own: it follows the restored version.
    const current = await draft();
    expect(current.changed).toBe(false);
    expect(current.files.find((f) => f.path === 'modules/module-1.md')!.text).not.toContain(
      'same day each week',
    );
    const missing = await call(server, 'GET', `/admin/studio/courses/${SLUG}/versions/9/compare/1`, {
      token: author,
    });
    expect(missing.status).toBe(404);
  });

  it('refuses a save made on a revision another author saved over, naming them; nothing is lost', async () => {
    const p = 'modules/module-2.md';
    const base = (await revision(p))!;
    const mine = `${moduleTwo}\n${paragraph('the second author’s addition')}\n`;
    const theirs = moduleTwo.replace('A monthly report', 'A monthly report, read closely');
    const first = await save(p, { text: mine }, base, author);
    expect(first.status).toBe(200);
    const saved = first.body.revision as number;
    expect(saved).toBeGreaterThan(base);
    const late = await save(p, { text: theirs }, base, second);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(draftConflict(p, 'Mo Author', saved));
    // The first author's text stands; the second saves theirs on the revision they now have.
    const now = (await draft(second)).files.find((f) => f.path === p)!;
    expect(now).toMatchObject({ text: mine, revision: saved, updated_by: 'Mo Author' });
    expect((await save(p, { text: theirs }, saved, second)).status).toBe(200);
    expect((await draft()).files.find((f) => f.path === p)).toMatchObject({
      text: theirs,
      updated_by: 'Sam Second',
    });
    // Adding a file that exists is a conflict too.
    const exists = await save(p, { text: mine }, null, author);
    expect(exists.status).toBe(409);
    expect(exists.body.error.message).toBe(draftFileExists(p));
  });

  it('refuses bad input with a message naming the file and the problem, and saves nothing', async () => {
    const before = await draft();
    const rev = (p: string) => before.files.find((f) => f.path === p)!.revision;
    const cases: Array<[string, { text?: string; base64?: string }, number | null, string]> = [
      [
        'course.json',
        { text: JSON.stringify({ ...courseJson(), title: '' }) },
        rev('course.json'),
        'course.json: title',
      ],
      ['course.json', { text: '{ not json' }, rev('course.json'), 'course.json: is not valid JSON'],
      [
        'course.json',
        { text: JSON.stringify({ ...courseJson(), slug: 'renamed' }) },
        rev('course.json'),
        'a slug does not change',
      ],
      [
        'quizzes/module-2.json',
        { text: JSON.stringify(quiz(2, [question('Which?', 'E')])) },
        rev('quizzes/module-2.json'),
        'quizzes/module-2.json: ',
      ],
      [
        'modules/module-2.md',
        { text: `# M\n\n## Huge\n\n${'x'.repeat(201 * 1024)}\n` },
        rev('modules/module-2.md'),
        'lesson "Huge" is',
      ],
      [
        'modules/module-2.md',
        {
          text: moduleTwo.replace(
            '## A monthly report\n',
            '## A monthly report\n\n<img src=x onerror="alert(1)">\n',
          ),
        },
        rev('modules/module-2.md'),
        'lesson "A monthly report" contains HTML (<img src=x onerror="alert(1)">); lessons are markdown only',
      ],
      [
        'modules/module-2.md',
        { text: `${moduleTwo}\n![](/storage/image-assets/${SLUG}-dial.svg)\n` },
        rev('modules/module-2.md'),
        `lesson "A monthly report" shows /storage/image-assets/${SLUG}-dial.svg without alt text`,
      ],
      [`images/${SLUG}-fake.png`, { base64: base64('not a png at all') }, null, 'is not a PNG image'],
      [
        `images/${SLUG}-bad.svg`,
        { base64: base64('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
        null,
        'contains a <script> element',
      ],
      [
        `images/${SLUG}-onload.svg`,
        { base64: base64('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
        null,
        'event handler',
      ],
      [
        'modules/module-2.md',
        { base64: base64('# text as base64') },
        rev('modules/module-2.md'),
        'send the file as "text"',
      ],
      ['../etc/passwd', { text: 'x' }, null, 'points outside the course folder'],
      ['notes.txt', { text: 'x' }, null, 'is not part of a course'],
    ];
    for (const [p, content, base, problem] of cases) {
      const res = await save(p, content, base);
      expect(res.status, p).toBe(400);
      expect(res.body.error.message, p).toContain(problem);
    }
    const deleteCourseJson = await call(
      server,
      'DELETE',
      `${file('course.json')}?base_revision=${rev('course.json')}`,
      { token: author },
    );
    expect(deleteCourseJson.status).toBe(400);
    expect(deleteCourseJson.body.error.message).toBe(courseJsonRequired);
    expect(await draft()).toEqual(before);

    const taken = await call(server, 'POST', '/admin/studio/courses', {
      token: author,
      body: { slug: SLUG, title: 'Again' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(courseSlugTaken(SLUG));
    const noTitle = await call(server, 'POST', '/admin/studio/courses', {
      token: author,
      body: { slug: 'x-y', title: '' },
    });
    expect(noTitle.status).toBe(400);
  });

  it('refuses to publish a draft that changed after the review, or one that does not hold together', async () => {
    const { draft_hash } = await changes();
    const p = 'modules/module-2.md';
    const text = (await draft()).files.find((f) => f.path === p)!.text!;
    expect(
      (await save(p, { text: `${text}\n${paragraph('a late edit')}\n` }, await revision(p))).status,
    ).toBe(200);
    const stale = await call(server, 'POST', `/admin/studio/courses/${SLUG}/publish`, {
      token: admin,
      body: { draft_hash },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(draftChangedSinceReview);

    // A lesson showing an image the draft lacks: refused at publish, naming the file.
    const image = `images/${SLUG}-dial.svg`;
    const del = await call(server, 'DELETE', `${file(image)}?base_revision=${await revision(image)}`, {
      token: author,
    });
    expect(del.status).toBe(204);
    const broken = await publish();
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toBe(
      `modules/module-1.md: shows /storage/image-assets/${SLUG}-dial.svg, but the course has no ${image}`,
    );
    expect((await save(image, { base64: base64(SVG) }, null)).status).toBe(200);
  });

  it('takes an image over the API’s default body limit only from an author', async () => {
    const big = `<svg xmlns="http://www.w3.org/2000/svg"><desc>${'a'.repeat(300 * 1024)}</desc></svg>`;
    const body = { base_revision: null, base64: base64(big) };
    const anonymous = await call(server, 'PUT', file(`images/${SLUG}-big.svg`), { body });
    expect(anonymous.status).toBe(401);
    const saved = await call(server, 'PUT', file(`images/${SLUG}-big.svg`), { token: author, body });
    expect(saved.status).toBe(200);
    expect(saved.body.bytes).toBe(big.length);
    const served = await fetch(`${server.api}${file(`images/${SLUG}-big.svg`)}`, {
      headers: { authorization: `Bearer ${author}` },
    });
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect((await served.text()).length).toBe(big.length);
  });

  it('copies a course with its images renamed for the new one, and logs every studio action', async () => {
    const copy = await call(server, 'POST', '/admin/studio/courses', {
      token: author,
      body: { slug: 'meter-reading-copy', title: 'Meter Reading, Copied', copy_of: SLUG },
    });
    expect(copy.status).toBe(201);
    const files = (
      await call(server, 'GET', '/admin/studio/courses/meter-reading-copy/draft', { token: author })
    ).body.files as Array<{ path: string; text: string | null }>;
    expect(files.map((f) => f.path)).toContain(`images/meter-reading-copy-${SLUG}-dial.svg`);
    expect(files.find((f) => f.path === 'modules/module-1.md')!.text).toContain(
      `/storage/image-assets/meter-reading-copy-${SLUG}-dial.svg`,
    );
    expect(JSON.parse(files.find((f) => f.path === 'course.json')!.text!)).toMatchObject({
      slug: 'meter-reading-copy',
      title: 'Meter Reading, Copied',
    });

    const actions = await server.database.db
      .select({ type: schema.adminActionLog.actionType })
      .from(schema.adminActionLog);
    const types = new Set(actions.map((a) => a.type));
    for (const t of [
      'studio_course_created',
      'studio_file_saved',
      'studio_file_removed',
      'studio_published',
      'studio_restored',
    ])
      expect(types, t).toContain(t);
    const [course] = await server.database.db
      .select()
      .from(schema.courses)
      .where(eq(schema.courses.slug, 'meter-reading-copy'));
    expect(course!.status).toBe('draft');
  });

  it('deletes a course only an admin asks to, and only one no learner has records in', async () => {
    const made = await call(server, 'POST', '/admin/studio/courses', {
      token: author,
      body: { slug: 'to-be-deleted', title: 'To Be Deleted' },
    });
    expect(made.status).toBe(201);
    expect(
      (await call(server, 'DELETE', '/admin/studio/courses/to-be-deleted', { token: author })).status,
    ).toBe(403);
    expect(
      (await call(server, 'DELETE', '/admin/studio/courses/to-be-deleted', { token: admin })).status,
    ).toBe(204);
    expect(
      (await call(server, 'GET', '/admin/studio/courses/to-be-deleted/draft', { token: author })).status,
    ).toBe(404);

    // The course the learner completed a lesson of keeps everything.
    const withLearner = await call(server, 'DELETE', `/admin/studio/courses/${SLUG}`, { token: admin });
    expect(withLearner.status).toBe(409);
    expect(withLearner.body.error.message).toBe(courseHasLearners(SLUG, 1));
    const seed = (await call(server, 'GET', '/outline')).body.slug as string;
    const defaultCourse = await call(server, 'DELETE', `/admin/studio/courses/${seed}`, { token: admin });
    expect(defaultCourse.status).toBe(409);
    expect(defaultCourse.body.error.message).toBe(defaultCourseNotDeleted);
    expect(
      (await call(server, 'GET', `/courses/${SLUG}/progress`, { token: learner })).body.summary
        .completedLessons,
    ).toBe(1);
  });

  it('keeps learners and other learners out of the studio', async () => {
    for (const [method, path] of [
      ['GET', '/admin/studio/courses'],
      ['GET', `/admin/studio/courses/${SLUG}/draft`],
      ['PUT', file('course.json')],
    ] as const) {
      const res = await call(server, method, path, {
        token: learner,
        body: method === 'PUT' ? { base_revision: 1, text: '{}' } : undefined,
      });
      expect(res.status, path).toBe(403);
    }
  });
});
