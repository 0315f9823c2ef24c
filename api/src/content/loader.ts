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
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { z } from 'zod';
import type { Db } from '../db/index';
import { schema } from '../db/index';
import type { QuestionVersionContent } from '../db/schema';
import { withImageSizes } from './imageSizes';
import { parseModuleMarkdown } from './moduleMarkdown';
import type { Storage } from './storage';
import { CONTENT_FOLDER_VERSION, recordVersion, type VersionInfo } from './versions';

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
export { MIN_SECTION_LENGTH, parseModuleMarkdown } from './moduleMarkdown';
export { CourseFileSchema, IMAGE_BUCKET, QuizFileSchema };

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

export interface LoadSummary {
  /** The course's slug. */
  course: string;
  modules: number;
  inserted: number;
  updated: number;
  unchanged: number;
  deactivated: number;
  questions: number;
}

/**
 * Upserts the course: modules; lessons by key (a changed hash makes a new version and a
 * lesson_versions row; lessons missing from the content are deactivated); quizzes by kind with
 * their questions by number. One transaction.
 */
export async function applyCourse(
  db: Pick<Db, 'transaction'>,
  content: CourseContent,
  reason = 'Content migration',
  /** The course's folder, file by file (kept for the admin's export); left as it was when absent. */
  files?: ReadonlyMap<string, Uint8Array>,
  /** Who gives learners these files, for the course's history (with `files` only). */
  version: VersionInfo = CONTENT_FOLDER_VERSION,
): Promise<LoadSummary> {
  const { modules, lessons, lessonVersions, quizzes, quizQuestions, quizQuestionVersions } = schema;
  const summary: LoadSummary = {
    course: content.course.slug,
    modules: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    deactivated: 0,
    questions: 0,
  };
  await db.transaction(async (tx) => {
    const courseId = await upsertCourseFacts(tx, content.course);
    if (files) await storeCourseFiles(tx, courseId, files, version);
    for (const m of content.modules) {
      const values = {
        name: m.name,
        title: m.title,
        summary: m.summary ?? null,
        description: m.description,
        durationMinutes: m.durationMinutes ?? null,
        orderIndex: m.order,
        testOutScore: m.testOutScore,
      };
      await tx
        .insert(modules)
        .values({ courseId, id: m.id, ...values })
        .onConflictDoUpdate({ target: [modules.courseId, modules.id], set: values });
      summary.modules += 1;
    }
    const keys = content.lessons.map((l) => l.key);
    const existing = keys.length
      ? await tx
          .select()
          .from(lessons)
          .where(and(eq(lessons.courseId, courseId), inArray(lessons.lessonKey, keys)))
      : [];
    const byKey = new Map(existing.map((l) => [l.lessonKey, l]));
    const now = new Date();
    for (const l of content.lessons) {
      const old = byKey.get(l.key);
      if (!old) {
        const [row] = await tx
          .insert(lessons)
          .values({
            courseId,
            moduleId: l.moduleId,
            lessonKey: l.key,
            title: l.title,
            content: l.html,
            contentHash: l.hash,
            order: l.order,
            originalOrder: l.order,
            isActive: true,
            version: 1,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await tx.insert(lessonVersions).values({
          courseId,
          lessonId: row!.id,
          lessonKey: l.key,
          version: 1,
          title: l.title,
          content: l.html,
          contentHash: l.hash,
          changeReason: reason,
          createdAt: now,
        });
        summary.inserted += 1;
      } else if (
        old.contentHash !== l.hash ||
        old.title !== l.title ||
        !old.isActive ||
        old.order !== l.order
      ) {
        const contentChanged = old.contentHash !== l.hash;
        const version = contentChanged ? old.version + 1 : old.version;
        await tx
          .update(lessons)
          .set({
            title: l.title,
            content: l.html,
            contentHash: l.hash,
            order: l.order,
            isActive: true,
            version,
            updatedAt: now,
          })
          .where(eq(lessons.id, old.id));
        if (contentChanged) {
          await tx.insert(lessonVersions).values({
            courseId,
            lessonId: old.id,
            lessonKey: l.key,
            version,
            title: l.title,
            content: l.html,
            contentHash: l.hash,
            changeReason: reason,
            createdAt: now,
          });
        }
        summary.updated += 1;
      } else {
        summary.unchanged += 1;
      }
    }
    const deactivated = await tx
      .update(lessons)
      .set({ isActive: false, updatedAt: now })
      .where(
        and(
          eq(lessons.courseId, courseId),
          eq(lessons.isActive, true),
          keys.length ? notInArray(lessons.lessonKey, keys) : sql`true`,
        ),
      )
      .returning({ id: lessons.id });
    summary.deactivated = deactivated.length;

    for (const q of content.quizzes) {
      if (q.questions.length === 0) continue;
      let [quiz] = await tx
        .select()
        .from(quizzes)
        .where(and(eq(quizzes.courseId, courseId), eq(quizzes.kind, q.kind)))
        .orderBy(quizzes.id)
        .limit(1);
      const values = {
        title: q.title,
        description: q.description,
        passingScore: q.passingScore,
        totalQuestions: Math.min(q.draw ?? q.questions.length, q.questions.length),
        drawCount: q.draw ?? null,
        shuffleOptions: q.shuffleOptions ?? false,
      };
      if (quiz) {
        await tx.update(quizzes).set(values).where(eq(quizzes.id, quiz.id));
      } else {
        [quiz] = await tx
          .insert(quizzes)
          .values({ courseId, kind: q.kind, ...values })
          .returning();
      }
      // Ids stay with (quiz, number); a changed question gets a new version, and attempts keep
      // reading the version they were given (quiz_question_versions).
      const before = new Map(
        (await tx.select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz!.id))).map((r) => [
          r.questionNumber,
          r,
        ]),
      );
      for (const [index, question] of q.questions.entries()) {
        const questionNumber = index + 1;
        const content: QuestionVersionContent = {
          question_number: questionNumber,
          question_text: question.question_text,
          option_a: question.option_a,
          option_b: question.option_b,
          option_c: question.option_c,
          option_d: question.option_d,
          correct_answer: question.correct_answer,
          explanation: question.explanation ?? null,
          module_id: question.moduleId,
          objectives: question.objectives ?? null,
        };
        const old = before.get(questionNumber);
        const changed = !old || !sameQuestion(versionContent(old), content);
        const version = !old ? 1 : changed ? old.version + 1 : old.version;
        const row = {
          questionText: content.question_text,
          optionA: content.option_a,
          optionB: content.option_b,
          optionC: content.option_c,
          optionD: content.option_d,
          correctAnswer: content.correct_answer,
          explanation: content.explanation,
          moduleId: content.module_id,
          objectives: content.objectives,
          version,
        };
        const [saved] = await tx
          .insert(quizQuestions)
          .values({ quizId: quiz!.id, questionNumber, ...row })
          .onConflictDoUpdate({ target: [quizQuestions.quizId, quizQuestions.questionNumber], set: row })
          .returning({ id: quizQuestions.id });
        if (changed)
          await tx
            .insert(quizQuestionVersions)
            .values({ quizId: quiz!.id, questionId: saved!.id, version, content })
            .onConflictDoUpdate({
              target: [quizQuestionVersions.questionId, quizQuestionVersions.version],
              set: { content },
            });
        summary.questions += 1;
      }
      await tx
        .delete(quizQuestions)
        .where(
          and(
            eq(quizQuestions.quizId, quiz!.id),
            sql`${quizQuestions.questionNumber} > ${q.questions.length}`,
          ),
        );
    }
  });
  return summary;
}

/** A stored question's content, as its version records it. */
export function versionContent(row: typeof schema.quizQuestions.$inferSelect): QuestionVersionContent {
  return {
    question_number: row.questionNumber,
    question_text: row.questionText,
    option_a: row.optionA,
    option_b: row.optionB,
    option_c: row.optionC,
    option_d: row.optionD,
    correct_answer: row.correctAnswer,
    explanation: row.explanation,
    module_id: row.moduleId,
    objectives: row.objectives,
  };
}

/** Whether two versions of a question say the same (a load that changes nothing makes no version). */
function sameQuestion(a: QuestionVersionContent, b: QuestionVersionContent): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Replaces what course_files holds of a course with these files (its folder as loaded or imported)
 * and records them in the course's history (a new version unless they are its latest already).
 */
export async function storeCourseFiles(
  db: Pick<Db, 'select' | 'insert' | 'delete' | 'update'>,
  courseId: number,
  files: ReadonlyMap<string, Uint8Array>,
  version: VersionInfo = CONTENT_FOLDER_VERSION,
): Promise<void> {
  await recordVersion(db, courseId, new Map(files), version);
  await db.delete(schema.courseFiles).where(eq(schema.courseFiles.courseId, courseId));
  const rows = [...files].map(([file, content]) => ({ courseId, path: file, content: Buffer.from(content) }));
  for (let i = 0; i < rows.length; i += 100)
    await db.insert(schema.courseFiles).values(rows.slice(i, i + 100));
}

/** The slug migration 0009 gives a database's one course when it had modules but no course row. */
export const LEGACY_COURSE_SLUG = 'legacy-course';

/**
 * Writes what the course says about itself to its row (by slug; the row's id stays) and answers the
 * id. With `adoptLegacy` (the seed, for the default course), a database migrated from one course
 * gives the placeholder row migration 0009 made its facts, so its modules, lessons, progress and
 * certificates stay its own.
 */
export async function upsertCourseFacts(
  db: Pick<Db, 'insert' | 'update'>,
  course: CourseFacts,
  options: { adoptLegacy?: boolean } = {},
): Promise<number> {
  const values = { ...course, updatedAt: new Date() };
  const [adopted] = !options.adoptLegacy
    ? []
    : await db
        .update(schema.courses)
        .set(values)
        .where(
          and(
            eq(schema.courses.slug, LEGACY_COURSE_SLUG),
            sql`not exists (select 1 from courses c where c.slug = ${course.slug})`,
          ),
        )
        .returning({ id: schema.courses.id });
  if (adopted) return adopted.id;
  const [row] = await db
    .insert(schema.courses)
    .values(values)
    .onConflictDoUpdate({ target: schema.courses.slug, set: values })
    .returning({ id: schema.courses.id });
  return row!.id;
}

/** Copies api/content/images into the image-assets bucket (served at /storage/image-assets/). */
export async function copyImages(storage: Storage, dir = SEED_COURSE_DIR): Promise<number> {
  const images = safeList(path.join(dir, 'images'));
  for (const name of images)
    await storage.put(IMAGE_BUCKET, name, await readFile(path.join(dir, 'images', name)));
  return images.length;
}
