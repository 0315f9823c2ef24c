import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentHash, lessonKey } from '@coursekit/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, schema } from '../db/index';
import { TEST_OUT_SLUG, writeTestOutCourse } from '../test/testOutCourse';
import { applyCourse } from './applyCourse';
import { courseFolders, lessonHtml, parseModuleMarkdown, readCourse } from './loader';

const filler = 'Facility data only helps when people can trust it and find it. '.repeat(3);

function fixture(dir: string, module1: string) {
  mkdirSync(path.join(dir, 'modules'), { recursive: true });
  mkdirSync(path.join(dir, 'quizzes'), { recursive: true });
  const q = (text: string, correct: string) => ({
    question_text: text,
    option_a: 'a',
    option_b: 'b',
    option_c: 'c',
    option_d: 'd',
    correct_answer: correct,
    explanation: 'because',
  });
  writeFileSync(
    path.join(dir, 'course.json'),
    JSON.stringify({
      slug: 'data-literacy',
      title: 'Data Literacy for Facility Managers',
      description: 'd',
      estimatedTime: '2 hours',
      syllabusDuration: '1h 20m',
      preAssessmentTime: '5 minutes',
      objectives: [{ id: 'LO1', text: 'Name the kinds of data.' }],
      modules: [
        { id: 1, name: 'The Language of Data', title: 'Fundamentals', description: 'm1' },
        { id: 2, name: 'Data Quality and Validation', title: 'Truth in Data', description: 'm2' },
      ],
      quizzes: {
        preAssessment: { title: 'Pre', description: 'p', passingScore: 75 },
        finalQuiz: { title: 'Final', description: 'f', passingScore: 80 },
      },
    }),
  );
  writeFileSync(path.join(dir, 'modules', 'module-1.md'), module1);
  writeFileSync(
    path.join(dir, 'quizzes', 'module-1.json'),
    JSON.stringify({ moduleId: 1, preAssessment: [q('P1', 'A')], finalQuiz: [q('F1', 'B'), q('F2', 'C')] }),
  );
  // Module 2 is still being written: course.json names it, but it has no files yet.
}

const moduleV1 = `# Fundamentals\n\n## Introduction\n\n${filler}\n\n<script>alert(1)</script>\n\n![chart](/storage/image-assets/x.svg)\n\n## Too short\n\nTiny.\n\n## Data and Information\n\n${filler}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n## Summary\n\n${filler}\n`;

describe('the content loader', () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'coursekit-content-'));
    fixture(dir, moduleV1);
    database = await openDatabase({});
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('makes one lesson per ## section over 100 characters, with sanitised HTML, key and hash', async () => {
    expect(parseModuleMarkdown(moduleV1).map((s) => s.title)).toEqual([
      'Introduction',
      'Data and Information',
      'Summary',
    ]);
    const course = await readCourse(dir);
    expect(course.lessons.map((l) => l.key)).toEqual([
      lessonKey(1, 1, 'Introduction'),
      lessonKey(1, 2, 'Data and Information'),
      lessonKey(1, 3, 'Summary'),
    ]);
    const intro = course.lessons[0]!;
    expect(intro.html).not.toContain('<script');
    expect(intro.html).toContain('<img src="/storage/image-assets/x.svg" alt="chart">');
    expect(course.lessons[1]!.html).toContain('<table>');
    expect(intro.hash).toBe(await contentHash(intro.html));
    expect(lessonHtml('[x](javascript:alert(1)) <img src=x onerror=alert(1)>')).not.toMatch(
      /javascript:|onerror/,
    );
    expect(course.quizzes.map((q) => [q.kind, q.questions.length])).toEqual([
      ['pre_assessment', 1],
      ['course', 2],
    ]);
  });

  it('loads, then on reload versions changed lessons and deactivates missing ones', async () => {
    const first = await applyCourse(database.db, await readCourse(dir));
    expect(first).toMatchObject({ modules: 2, inserted: 3, updated: 0, deactivated: 0, questions: 3 });
    const again = await applyCourse(database.db, await readCourse(dir));
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });

    const changed = moduleV1
      .replace('## Summary', '## Data and Information 2')
      .replace(/(## Data and Information\n\n)/, `$1Changed. `);
    fixture(dir, changed.replace(`## Data and Information 2\n\n${filler}\n`, ''));
    const third = await applyCourse(database.db, await readCourse(dir));
    expect(third).toMatchObject({ inserted: 0, updated: 1, deactivated: 1 });

    const lessons = await database.db.select().from(schema.lessons).orderBy(asc(schema.lessons.id));
    expect(lessons.map((l) => [l.title, l.isActive, l.version])).toEqual([
      ['Introduction', true, 1],
      ['Data and Information', true, 2],
      ['Summary', false, 1],
    ]);
    const versions = await database.db
      .select()
      .from(schema.lessonVersions)
      .where(eq(schema.lessonVersions.lessonKey, lessonKey(1, 2, 'Data and Information')));
    expect(versions.map((v) => [v.version, v.changeReason])).toEqual([
      [1, 'Content migration'],
      [2, 'Content migration'],
    ]);
  });

  it('gives each module its test-out threshold: the course’s, the module’s own, none when off', async () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'coursekit-test-out-'));
    try {
      writeTestOutCourse(scratch);
      const on = await readCourse(scratch);
      // course.json: passingScore 75 for the course, testOutScore 100 for module 1.
      expect(on.modules.map((m) => m.testOutScore)).toEqual([100, 75, 75]);
      await applyCourse(database.db, on);
      const stored = await database.db
        .select({ id: schema.modules.id, score: schema.modules.testOutScore })
        .from(schema.modules)
        .innerJoin(schema.courses, eq(schema.courses.id, schema.modules.courseId))
        .where(eq(schema.courses.slug, TEST_OUT_SLUG))
        .orderBy(asc(schema.modules.id));
      expect(stored.map((m) => m.score)).toEqual([100, 75, 75]);

      writeTestOutCourse(scratch, { enabled: false });
      expect((await readCourse(scratch)).modules.map((m) => m.testOutScore)).toEqual([null, null, null]);

      const file = path.join(scratch, 'course.json');
      const course = JSON.parse(readFileSync(file, 'utf8'));
      writeFileSync(file, JSON.stringify({ ...course, testOut: { enabled: true, passingScore: 0 } }));
      await expect(readCourse(scratch)).rejects.toThrow(/passingScore/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('ships every course with test-out off', async () => {
    const folders = courseFolders();
    expect(folders.length).toBeGreaterThan(1);
    for (const folder of folders) {
      const course = await readCourse(folder);
      expect(course.modules.map((m) => m.testOutScore).every((score) => score === null)).toBe(true);
    }
  });

  it('reads the real course in api/content, whatever modules exist', async () => {
    const course = await readCourse();
    expect(course.modules).toHaveLength(5);
    expect(course.lessons.length).toBeGreaterThanOrEqual(20);
    expect(new Set(course.lessons.map((l) => l.key)).size).toBe(course.lessons.length);
  });
});
