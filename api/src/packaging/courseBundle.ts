import { createHash } from 'node:crypto';
import {
  type CourseBundle,
  CourseBundleSchema,
  courseDoesNotExist,
  IMAGE_BUCKET,
  messages,
} from '@coursekit/core';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { courseOutline, toLesson, toModule } from '../course/service';
import { type CourseRef, pickDefault } from '../course/structure';
import { schema } from '../db/index';
import { fail } from '../http/errors';
import { toQuiz } from '../quizzes/service';

/** A course ready to package: the bundle the player reads and the image files it names. */
export interface LoadedCourse {
  bundle: CourseBundle;
  images: Array<{ name: string; data: Uint8Array }>;
}

// Lessons link their diagrams as /storage/image-assets/{file}; inside a package they sit in images/.
const IMAGE_SRC = new RegExp(`(<img\\b[^>]*?\\bsrc=")/storage/${IMAGE_BUCKET}/([^"/?#]+)"`, 'g');

/**
 * Everything a package of one course carries, read from the database as the learner API reads it
 * (modules, active lessons with their sanitised HTML, quizzes with their keys and explanations),
 * plus the image files its lessons show, and what the course says about itself (its outline, from
 * the courses row). `courseSlug` names the course; the default course when absent.
 */
export type BundleContext = Pick<AppContext, 'db' | 'storage' | 'config' | 'clock' | 'contentDir'>;

export async function loadCourseBundle(ctx: BundleContext, courseSlug?: string): Promise<LoadedCourse> {
  const courseRows = await ctx.db.select().from(schema.courses);
  const course =
    courseSlug === undefined
      ? pickDefault(courseRows.map((c) => ({ ...c, is_default: c.isDefault })))
      : courseRows.find((c) => c.slug === courseSlug);
  if (!course) {
    throw fail(
      'not_found',
      courseSlug === undefined ? messages.courseNotLoaded : courseDoesNotExist(courseSlug),
    );
  }
  const ref: CourseRef = { ...course, is_default: course.isDefault };
  const [outline, moduleRows, lessonRows, quizRows, questionRows] = await Promise.all([
    courseOutline(ctx, ref),
    ctx.db
      .select()
      .from(schema.modules)
      .where(eq(schema.modules.courseId, ref.id))
      .orderBy(asc(schema.modules.orderIndex), asc(schema.modules.id)),
    ctx.db
      .select()
      .from(schema.lessons)
      .where(and(eq(schema.lessons.courseId, ref.id), eq(schema.lessons.isActive, true)))
      .orderBy(asc(schema.lessons.order), asc(schema.lessons.id)),
    ctx.db
      .select()
      .from(schema.quizzes)
      .where(eq(schema.quizzes.courseId, ref.id))
      .orderBy(asc(schema.quizzes.createdAt), asc(schema.quizzes.id)),
    ctx.db
      .select({ question: schema.quizQuestions })
      .from(schema.quizQuestions)
      .innerJoin(schema.quizzes, eq(schema.quizzes.id, schema.quizQuestions.quizId))
      .where(eq(schema.quizzes.courseId, ref.id))
      .orderBy(asc(schema.quizQuestions.questionNumber))
      .then((rows) => rows.map((r) => r.question)),
  ]);
  const moduleOrder = new Map(moduleRows.map((m, i) => [m.id, i]));
  const lessons = lessonRows
    .filter((l) => moduleOrder.has(l.moduleId))
    .sort((a, b) => moduleOrder.get(a.moduleId)! - moduleOrder.get(b.moduleId)!)
    .map((row) => ({ ...toLesson(row), content: row.content.replace(IMAGE_SRC, '$1images/$2"') }));

  const names = [
    ...new Set(lessons.flatMap((l) => [...l.content.matchAll(/src="images\/([^"]+)"/g)].map((m) => m[1]!))),
  ];
  const images = await Promise.all(
    names.map(async (name) => {
      const data = await ctx.storage.get(IMAGE_BUCKET, decodeURIComponent(name));
      if (!data) throw fail('not_found', `Image ${name} is shown by a lesson but missing from storage`);
      return { name: decodeURIComponent(name), data };
    }),
  );

  // The package's runtime draws and shuffles as the API does, from the quiz's bank.
  const quizzes = quizRows.map((quiz) => ({
    quiz: toQuiz(quiz),
    bank: { draw: quiz.drawCount, shuffle_options: quiz.shuffleOptions },
    questions: questionRows
      .filter((q) => q.quizId === quiz.id)
      .map((q) => ({
        id: q.id,
        quiz_id: q.quizId,
        question_number: q.questionNumber,
        question_text: q.questionText,
        option_a: q.optionA,
        option_b: q.optionB,
        option_c: q.optionC,
        option_d: q.optionD,
        correct_answer: q.correctAnswer,
        explanation: q.explanation,
        objectives: q.objectives ?? [],
        module_id: q.moduleId,
      })),
  }));

  const bundle: CourseBundle = {
    format: 1,
    course: {
      slug: outline.slug,
      title: outline.title,
      description: outline.description,
      iri: `${ctx.config.publicUrl}/courses/${outline.slug}`,
      version: courseVersion(lessons, quizzes),
      exportedAt: new Date(ctx.clock.now()).toISOString(),
    },
    outline,
    modules: moduleRows.map(toModule),
    lessons,
    quizzes,
    ...testOutOf(moduleRows),
    images: images.map((i) => i.name),
  };
  return { bundle: CourseBundleSchema.parse(bundle), images };
}

/** Each module's test-out threshold, when the course has test-out on (the loader resolved them). */
function testOutOf(rows: ReadonlyArray<{ id: number; testOutScore: number | null }>) {
  const scores = rows.flatMap((m) =>
    m.testOutScore === null ? [] : [{ module_id: m.id, score: m.testOutScore }],
  );
  return scores.length > 0 ? { test_out: scores } : {};
}

/**
 * What a learner's saved state refers to: lesson keys and contents, quizzes' questions and keys.
 * A package compares it with the version its saved state was written by.
 */
function courseVersion(
  lessons: Array<{ lesson_key: string; content_hash: string }>,
  quizzes: Array<{
    quiz: { kind: string };
    questions: Array<{ question_number: number; correct_answer: string }>;
  }>,
): string {
  const hash = createHash('sha256');
  for (const l of lessons) hash.update(`${l.lesson_key}:${l.content_hash}\n`);
  for (const { quiz, questions } of quizzes) {
    for (const q of questions) hash.update(`${quiz.kind}:${q.question_number}:${q.correct_answer}\n`);
  }
  return hash.digest('hex').slice(0, 12);
}
