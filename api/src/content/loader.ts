import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CourseFileModule,
  CourseFileSchema,
  contentHash,
  IMAGE_BUCKET,
  lessonKey,
  moduleTestOutScore,
  type QuestionFile,
  QuizFileSchema,
  quizDrawProblem,
} from '@coursekit/core';
import { lessonHtml as renderLesson } from '@coursekit/core/lesson-html';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { z } from 'zod';
import { withImageSizes } from './imageSizes';
import { parseModuleMarkdown } from './moduleMarkdown';
import type { Storage } from './storage';

/** The platform's content in the repo: api/content (platform.json, about.md, courses/). */
export const CONTENT_DIR = fileURLToPath(new URL('../../content', import.meta.url));
/** One folder per course, named by its slug: api/content/courses/{slug}. */
export const COURSES_DIR = path.join(CONTENT_DIR, 'courses');

const PlatformFileSchema = z.object({
  /** The course a first start makes the default (the unscoped routes' course), by slug. */
  defaultCourse: z.string().min(1),
  /** The platform's words a first start stores in its settings (an admin edits them afterwards). */
  siteName: z.string().min(1),
  owner: z.string().min(1),
  copyrightYear: z.number().int(),
  supportEmail: z.string().min(1),
});
/** What api/content/platform.json says: the default course and the platform's words on a first start. */
export function readPlatform(dir = CONTENT_DIR): z.infer<typeof PlatformFileSchema> {
  return PlatformFileSchema.parse(JSON.parse(readFileSync(path.join(dir, 'platform.json'), 'utf8')));
}
/** The seed's course, the default on a first start: api/content/courses/{platform.json defaultCourse}. */
export const SEED_COURSE_DIR = path.join(COURSES_DIR, readPlatform().defaultCourse);

/** Every course folder under `dir` (one per slug), in name order. */
export function courseFolders(dir = COURSES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'course.json')))
    .map((entry) => path.join(dir, entry.name))
    .sort();
}
export { parseModuleMarkdown } from './moduleMarkdown';
export { CourseFileSchema, QuizFileSchema };

export interface LessonContent {
  moduleId: number;
  order: number;
  title: string;
  key: string;
  html: string;
  hash: string;
}
/** What course.json says about the course itself (the courses row). */
export interface CourseFacts {
  slug: string;
  title: string;
  description: string;
  estimatedTime: string;
  syllabusTime: string;
  preAssessmentTime: string;
  /** The about page's "Who it is for"; null when the course does not say. */
  audience?: string | null;
  /** The sentence the pre-assessment's pass message adds; null when the course gives none. */
  preAssessmentPassed?: string | null;
  objectives: Array<{ id: string; text: string }>;
}

type ModuleFile = CourseFileModule;

export interface CourseContent {
  course: CourseFacts;
  /** In order; `testOutScore` is the module's threshold as the course resolves it (null: off). */
  modules: Array<Omit<ModuleFile, 'testOutScore'> & { order: number; testOutScore: number | null }>;
  lessons: LessonContent[];
  quizzes: Array<{
    kind: 'pre_assessment' | 'course';
    title: string;
    description: string;
    passingScore: number;
    /** Questions per attempt; absent: all of them. */
    draw?: number;
    shuffleOptions?: boolean;
    questions: Array<QuestionFile & { moduleId: number }>;
  }>;
}

let purifier: ReturnType<typeof createDOMPurify> | undefined;
/** Markdown to HTML, sanitised with the widgets' allow-list: core's `lessonHtml` on a jsdom window. */
export function lessonHtml(markdown: string): string {
  purifier ??= createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  return renderLesson(markdown, purifier);
}

/** The slug course.json gives, without reading (or rendering) the rest of the course. */
export function readCourseSlug(dir: string): string {
  return CourseFileSchema.parse(JSON.parse(readFileSync(path.join(dir, 'course.json'), 'utf8'))).slug;
}

/** Reads whatever modules exist under `dir` (a module without its markdown has no lessons yet). */
export async function readCourse(dir = SEED_COURSE_DIR): Promise<CourseContent> {
  const course = CourseFileSchema.parse(JSON.parse(readFileSync(path.join(dir, 'course.json'), 'utf8')));
  const files = new Set(readdirSync(path.join(dir, 'modules')));
  const quizFiles = new Set(safeList(path.join(dir, 'quizzes')));
  const lessons: LessonContent[] = [];
  const pre: Array<QuestionFile & { moduleId: number }> = [];
  const final: Array<QuestionFile & { moduleId: number }> = [];
  for (const m of course.modules) {
    const name = `module-${m.id}.md`;
    if (files.has(name)) {
      const sections = parseModuleMarkdown(readFileSync(path.join(dir, 'modules', name), 'utf8'));
      for (const [index, section] of sections.entries()) {
        const order = index + 1;
        const html = withImageSizes(lessonHtml(section.body), path.join(dir, 'images'));
        lessons.push({
          moduleId: m.id,
          order,
          title: section.title,
          key: lessonKey(m.id, order, section.title),
          html,
          hash: await contentHash(html),
        });
      }
    }
    const quizName = `module-${m.id}.json`;
    if (quizFiles.has(quizName)) {
      const quiz = QuizFileSchema.parse(
        JSON.parse(readFileSync(path.join(dir, 'quizzes', quizName), 'utf8')),
      );
      pre.push(...quiz.preAssessment.map((q) => ({ ...q, moduleId: m.id })));
      final.push(...quiz.finalQuiz.map((q) => ({ ...q, moduleId: m.id })));
    }
  }
  const { preAssessment, finalQuiz } = course.quizzes;
  const drawProblem =
    quizDrawProblem('pre_assessment', preAssessment.draw, pre.length) ??
    quizDrawProblem('course', finalQuiz.draw, final.length);
  if (drawProblem) throw new Error(`course.json: ${drawProblem}`);
  return {
    course: {
      slug: course.slug,
      title: course.title,
      description: course.description,
      estimatedTime: course.estimatedTime,
      syllabusTime: course.syllabusDuration,
      preAssessmentTime: course.preAssessmentTime,
      audience: course.audience ?? null,
      preAssessmentPassed: course.quizzes.preAssessment.passedMessage ?? null,
      objectives: course.objectives,
    },
    modules: course.modules.map((m, i) => ({
      ...m,
      order: i + 1,
      testOutScore: moduleTestOutScore(course.testOut, m),
    })),
    lessons,
    quizzes: [
      { kind: 'pre_assessment', ...preAssessment, questions: pre },
      { kind: 'course', ...finalQuiz, questions: final },
    ],
  };
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Copies api/content/images into the image-assets bucket (served at /storage/image-assets/). */
export async function copyImages(storage: Storage, dir = SEED_COURSE_DIR): Promise<number> {
  const images = safeList(path.join(dir, 'images'));
  for (const name of images)
    await storage.put(IMAGE_BUCKET, name, await readFile(path.join(dir, 'images', name)));
  return images.length;
}
