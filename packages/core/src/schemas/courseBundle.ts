import * as z from 'zod/mini';
import { CourseOutlineSchema } from './course';
import { AnswerLetterSchema, LessonSchema, ModuleSchema, QuizQuestionSchema, QuizSchema } from './entities';

// A course as an LMS package carries it: everything the player needs with no server
// behind it. The API writes it (api/src/packaging), the package's runtime adapters read it
// (@coursekit/lms). Quiz keys are inside: in a package the learner's browser grades the quiz.

/** The package formats the API exports. */
export const PackageFormatSchema = z.enum(['scorm12', 'scorm2004', 'cmi5']);
export type PackageFormat = z.infer<typeof PackageFormatSchema>;
export const PACKAGE_FORMATS = PackageFormatSchema.options;

/** A question with its key, its explanation and the objectives it checks. */
export const BundleQuestionSchema = z.object({
  ...QuizQuestionSchema.shape,
  correct_answer: AnswerLetterSchema,
  explanation: z.nullable(z.string()),
  objectives: z.array(z.string()),
  /** The module the question is about, when the course says. */
  module_id: z.nullable(z.number()),
});
export type BundleQuestion = z.infer<typeof BundleQuestionSchema>;

/**
 * How a quiz draws from its bank: `draw` questions per attempt (null: all of them),
 * options shuffled per attempt or A-D. Absent from bundles exported before banks: every question, A-D.
 */
export const BundleQuizBankSchema = z.object({ draw: z.nullable(z.number()), shuffle_options: z.boolean() });
export type BundleQuizBank = z.infer<typeof BundleQuizBankSchema>;

export const BundleQuizSchema = z.object({
  quiz: QuizSchema,
  questions: z.array(BundleQuestionSchema),
  bank: z.optional(BundleQuizBankSchema),
});
export type BundleQuiz = z.infer<typeof BundleQuizSchema>;

export const CourseBundleSchema = z.object({
  /** The bundle's own format; a player refuses a bundle it does not know. */
  format: z.literal(1),
  course: z.object({
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    /** A stable IRI for the course: cmi5's course id and the base of its AU ids. */
    iri: z.string(),
    /**
     * A fingerprint of what a learner's saved state refers to (lesson keys, questions and keys), so
     * a package can tell saved state from an older version of the course.
     */
    version: z.string(),
    exportedAt: z.string(),
  }),
  /** What the course says about itself: title, time texts, objectives, its modules' summaries. */
  outline: CourseOutlineSchema,
  /** Modules in order, with each module's duration when the course gives one. */
  modules: z.array(ModuleSchema),
  /** The active lessons in course order; image sources are relative to the package (`images/…`). */
  lessons: z.array(LessonSchema),
  quizzes: z.array(BundleQuizSchema),
  /**
   * Test-out, when the course has it on: each module's threshold in percent of its pre-assessment
   * questions answered right (core's moduleTestOutScore). Absent (bundles exported before
   * test-out, or a course with it off): no module tests out.
   */
  test_out: z.optional(z.array(z.object({ module_id: z.number(), score: z.number() }))),
  /** The files under `images/` in the package. */
  images: z.array(z.string()),
});
export type CourseBundle = z.infer<typeof CourseBundleSchema>;
