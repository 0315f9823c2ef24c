import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LESSON_HTML_SANITIZE_CONFIG } from '@coursekit/core';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { marked } from 'marked';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CourseContent, parseModuleMarkdown, readCourse, SEED_COURSE_DIR } from './loader';

// Checks on the real course, through the real pipeline: "Data Literacy for Facility
// Managers" as it ships in api/content.

const WORDS_PER_MINUTE = 130;
/** learner §9: module 1 41m, 2 40m, 3 34m, 4 23m, 5 13m (the course's data: course.json). */
const SPEC_DURATIONS: Record<number, number> = { 1: 41, 2: 40, 3: 34, 4: 23, 5: 13 };
const BAND = 0.25;
const SLOTS = ['intro', 'lesson-1', 'lesson-2', 'lesson-3', 'summary'];

const window = new JSDOM('').window;
const purifier = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
const textOf = (html: string) => {
  const element = window.document.createElement('div');
  element.innerHTML = html;
  return element.textContent ?? '';
};
const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

let course: CourseContent;
const courseFile = JSON.parse(readFileSync(path.join(SEED_COURSE_DIR, 'course.json'), 'utf8')) as {
  objectives: Array<{ id: string; text: string }>;
  modules: Array<{ id: number; name: string; title: string; durationMinutes: number }>;
};
beforeAll(async () => {
  course = await readCourse();
});

describe('the course: Data Literacy for Facility Managers', () => {
  it('has the five modules of learner §1, with admin §3’s title lines and the spec’s durations', () => {
    expect(course.modules.map((m) => m.name)).toEqual([
      'The Language of Data',
      'Data Quality and Validation',
      'Data Governance, Standards, and Roles',
      'Data Lineage and Lifecycle Management',
      'Integration, Communication, and Course Synthesis',
    ]);
    expect(course.modules.map((m) => m.title)).toEqual([
      'Data Literacy Fundamentals for Facility Managers',
      'Truth in Data: Validation, Quality, and Management',
      'Data Mastery: Governance, Standards, and Roles',
      'Data Lineage: Tracing the Journey',
      'From Data Basics to Data Mastery (wrap-up)',
    ]);
    for (const m of courseFile.modules) expect(m.durationMinutes).toBe(SPEC_DURATIONS[m.id]);
    for (const m of course.modules) expect(m.description.length).toBeGreaterThan(100);
  });

  it('states learner §1/§9’s time texts and six objectives as its own data', () => {
    expect(course.course).toMatchObject({
      slug: 'data-literacy-for-facility-managers',
      title: 'Data Literacy for Facility Managers',
      estimatedTime: '8-10 hours',
      syllabusTime: '2h 32m',
      preAssessmentTime: '10-15 minutes',
    });
    expect(course.course.objectives).toHaveLength(6);
    for (const m of course.modules) expect(m.summary?.length, `module ${m.id}`).toBeGreaterThan(20);
  });

  it('has five lessons per module, each over 100 characters', () => {
    for (const m of course.modules) {
      const lessons = course.lessons.filter((l) => l.moduleId === m.id);
      expect(
        lessons.map((l) => l.order),
        `module ${m.id}`,
      ).toEqual([1, 2, 3, 4, 5]);
      for (const l of lessons) expect(textOf(l.html).length, l.key).toBeGreaterThan(100);
    }
    expect(new Set(course.lessons.map((l) => l.key)).size).toBe(25);
  });

  it('gives every lesson its own diagram, present in image-assets, with alt text; every image is used', () => {
    const files = readdirSync(path.join(SEED_COURSE_DIR, 'images')).filter((f) => f.endsWith('.svg'));
    const used = new Set<string>();
    for (const l of course.lessons) {
      const images = [...l.html.matchAll(/<img src="([^"]+)" alt="([^"]*)"/g)];
      expect(images, l.key).toHaveLength(1);
      const [, src, alt] = images[0]!;
      expect(src).toBe(`/storage/image-assets/module-${l.moduleId}-${SLOTS[l.order - 1]}.svg`);
      expect(alt!.length, `alt text of ${l.key}`).toBeGreaterThan(20);
      const file = src!.split('/').at(-1)!;
      expect(existsSync(path.join(SEED_COURSE_DIR, 'images', file)), file).toBe(true);
      used.add(file);
    }
    expect(files.sort()).toEqual([...used].sort());
  });

  it('keeps every diagram free of scripts, handlers and outside references', () => {
    for (const file of readdirSync(path.join(SEED_COURSE_DIR, 'images'))) {
      const svg = readFileSync(path.join(SEED_COURSE_DIR, 'images', file), 'utf8');
      expect(svg, file).toMatch(/<svg[^>]+role="img"/);
      expect(svg, file).toMatch(/<title[^>]*>[^<]+<\/title>/);
      expect(svg, file).not.toMatch(/<script|<foreignObject|\son[a-z]+=|(?:xlink:)?href="(?!#)/i);
    }
  });

  it('has module lengths within ±25% of 130 words per minute of the spec’s durations', () => {
    for (const m of course.modules) {
      const words = course.lessons
        .filter((l) => l.moduleId === m.id)
        .reduce((n, l) => n + wordCount(textOf(l.html)), 0);
      const target = SPEC_DURATIONS[m.id]! * WORDS_PER_MINUTE;
      expect(words, `module ${m.id}: ${words} words, target ${target}`).toBeGreaterThanOrEqual(
        target * (1 - BAND),
      );
      expect(words, `module ${m.id}: ${words} words, target ${target}`).toBeLessThanOrEqual(
        target * (1 + BAND),
      );
    }
  });

  it('is clean at the source: the widgets’ sanitiser removes nothing from any lesson', () => {
    for (const m of course.modules) {
      const markdown = readFileSync(path.join(SEED_COURSE_DIR, 'modules', `module-${m.id}.md`), 'utf8');
      for (const section of parseModuleMarkdown(markdown)) {
        const raw = marked.parse(section.body, { async: false, gfm: true }) as string;
        const parsed = window.document.createElement('div');
        parsed.innerHTML = raw;
        const sanitized = purifier.sanitize(raw, LESSON_HTML_SANITIZE_CONFIG as never) as unknown as string;
        expect(sanitized, section.title).toBe(parsed.innerHTML);
      }
    }
  });
});

describe('the quizzes', () => {
  const quiz = (kind: 'pre_assessment' | 'course') => course.quizzes.find((q) => q.kind === kind)!;

  it('a pre-assessment of 12–15 questions over all five modules, passing at 75%', () => {
    const pre = quiz('pre_assessment');
    expect(pre.questions.length).toBeGreaterThanOrEqual(12);
    expect(pre.questions.length).toBeLessThanOrEqual(15);
    expect(pre.passingScore).toBe(75);
    expect(new Set(pre.questions.map((q) => q.moduleId))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('a final quiz of 20–25 questions, passing at 80%', () => {
    const final = quiz('course');
    expect(final.questions.length).toBeGreaterThanOrEqual(20);
    expect(final.questions.length).toBeLessThanOrEqual(25);
    expect(final.passingScore).toBe(80);
  });

  it('every question: four distinct options, one valid letter, an explanation', () => {
    for (const q of course.quizzes.flatMap((x) => x.questions)) {
      const options = [q.option_a, q.option_b, q.option_c, q.option_d].map((o) => o.trim());
      expect(
        options.every((o) => o.length > 0),
        q.question_text,
      ).toBe(true);
      expect(new Set(options).size, q.question_text).toBe(4);
      expect(['A', 'B', 'C', 'D']).toContain(q.correct_answer);
      expect((q.explanation ?? '').trim().length, q.question_text).toBeGreaterThan(20);
    }
  });

  it('no question text appears twice, across both quizzes', () => {
    const texts = course.quizzes.flatMap((x) => x.questions.map((q) => q.question_text.trim().toLowerCase()));
    expect(texts.length - new Set(texts).size).toBe(0);
  });

  it('every learning objective is checked by at least two questions, and by the final quiz', () => {
    const objectives = courseFile.objectives.map((o) => o.id);
    expect(objectives).toHaveLength(6);
    const all = course.quizzes.flatMap((x) => x.questions);
    for (const q of all) for (const o of q.objectives ?? []) expect(objectives).toContain(o);
    for (const id of objectives) {
      expect(all.filter((q) => q.objectives?.includes(id)).length, id).toBeGreaterThanOrEqual(2);
      expect(
        quiz('course').questions.some((q) => q.objectives?.includes(id)),
        id,
      ).toBe(true);
    }
  });

  it('every learning objective is taught: a module introduction names it', () => {
    const intros = course.lessons.filter((l) => l.order === 1).map((l) => textOf(l.html).toLowerCase());
    for (const objective of courseFile.objectives) {
      // The intro quotes the objective; match on its opening words, which each intro repeats.
      const opening = objective.text
        .toLowerCase()
        .split(/[—,:;(]/)[0]!
        .trim()
        .split(/\s+/)
        .slice(0, 4)
        .join(' ');
      expect(
        intros.some((text) => text.includes(opening)),
        `${objective.id}: "${opening}"`,
      ).toBe(true);
    }
  });
});
