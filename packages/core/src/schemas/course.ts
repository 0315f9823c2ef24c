import * as z from 'zod/mini';

// What a course says about itself, as data: its title and description, the time texts the
// spec's screens quote (learner §1/§9: the dashboard's estimate, the syllabus total, the
// pre-assessment's length), its learning objectives and a line per module. The course's content folder holds it (course.json), the API
// stores it (the courses table) and serves it (GET /api/outline); the widgets and the site show it.
// Nothing of one course is written in the widgets, the site or core.

/** A learning objective of the course (course.json `objectives`). */
export const CourseObjectiveSchema = z.object({ id: z.string(), text: z.string() });
export type CourseObjective = z.infer<typeof CourseObjectiveSchema>;

/** A module as the course's landing page and syllabus list it. */
export const OutlineModuleSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** One line for the landing page's module overview. */
  summary: z.string(),
  /** The syllabus's paragraph about the module. */
  description: z.string(),
  /** Reading time in minutes; null when the course gives none (30 is shown). */
  duration_minutes: z.nullable(z.number()),
});
export type OutlineModule = z.infer<typeof OutlineModuleSchema>;

export const CourseOutlineSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** The dashboard's estimate for the whole course, as the course words it (e.g. "6-8 hours"). */
  estimated_time: z.string(),
  /** The syllabus's total reading time, excluding the quiz (e.g. "1h 50m"). */
  syllabus_time: z.string(),
  /** How long the pre-assessment takes (e.g. "5-10 minutes"). */
  pre_assessment_time: z.string(),
  objectives: z.array(CourseObjectiveSchema),
  /** Modules in order. */
  modules: z.array(OutlineModuleSchema),
  /** Who the course is written for, as the about page says it; null when the course does not say. */
  audience: z.optional(z.nullable(z.string())),
  /** The sentence the pre-assessment adds to its pass message (course.json `quizzes.preAssessment.passedMessage`). */
  pre_assessment_passed: z.optional(z.nullable(z.string())),
});
export type CourseOutline = z.infer<typeof CourseOutlineSchema>;

/** A learner's progress through one course, as the catalog shows it. */
export const CatalogProgressSchema = z.object({
  completed_lessons: z.number(),
  total_lessons: z.number(),
  percentage: z.number(),
  /** True once the course's certificate is issued to this learner. */
  certified: z.boolean(),
});
export type CatalogProgress = z.infer<typeof CatalogProgressSchema>;

/** One published course in the catalog (GET /api/courses). */
export const CatalogCourseSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  estimated_time: z.string(),
  /** The course the unscoped routes (`/course`, `/api/modules`…) show. */
  is_default: z.boolean(),
  module_count: z.number(),
  /** The signed-in learner's progress; null when the catalog is read without a session. */
  progress: z.nullable(CatalogProgressSchema),
});
export type CatalogCourse = z.infer<typeof CatalogCourseSchema>;

export const CatalogAnswerSchema = z.object({ courses: z.array(CatalogCourseSchema) });
export type CatalogAnswer = z.infer<typeof CatalogAnswerSchema>;
