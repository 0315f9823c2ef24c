import * as z from 'zod/mini';
import { ProgressRecordSchema, QuizSchema } from './entities';

/** learner §3 / admin §3: one module's progress. */
export const ModuleProgressSchema = z.object({
  moduleId: z.number(),
  totalLessons: z.number(),
  completedLessons: z.number(),
  /** Rounded percent of completed lessons. */
  progressPercentage: z.number(),
  /** admin §4: module 1, or the previous module at 100%. Learner module pages never lock. */
  isUnlocked: z.boolean(),
  /**
   * "The progress screen shows this module's row open": module 1, or any lesson of the module
   * completed (admin §3). The name is the spec's wire field; read it through isModuleRowOpen.
   */
  firstLessonCompleted: z.boolean(),
  /**
   * The learner tested out of this module (its pre-assessment questions at or above the course's
   * threshold): its lessons count as done for unlocking, the next lesson and completion, while
   * completedLessons and progressPercentage still count only the lessons completed.
   */
  testedOut: z.boolean(),
});
export type ModuleProgress = z.infer<typeof ModuleProgressSchema>;

export const ProgressSummarySchema = z.object({
  totalLessons: z.number(),
  completedLessons: z.number(),
  /** Rounded percent of all active lessons completed. */
  progressPercentage: z.number(),
  /** Every active lesson completed or in a module tested out of (and at least one exists). */
  isComplete: z.boolean(),
  hasStarted: z.boolean(),
  lastModuleId: z.nullable(z.number()),
  lastLessonId: z.nullable(z.number()),
  nextModuleId: z.nullable(z.number()),
  nextLessonId: z.nullable(z.number()),
  /** All lessons done (isComplete) and a course quiz passed: test-out never replaces the quiz. */
  courseComplete: z.boolean(),
  quizPassed: z.boolean(),
  hasPreAssessment: z.boolean(),
  preAssessmentPassed: z.boolean(),
  modules: z.array(ModuleProgressSchema),
});
export type ProgressSummary = z.infer<typeof ProgressSummarySchema>;

/** What progress.get returns: the learner's records and the summary computed from them. */
export const ProgressStateSchema = z.object({
  records: z.array(ProgressRecordSchema),
  summary: ProgressSummarySchema,
});
export type ProgressState = z.infer<typeof ProgressStateSchema>;

export const QuizSummarySchema = z.object({
  hasAttempted: z.boolean(),
  bestScore: z.number(),
  bestPercentage: z.number(),
  passed: z.boolean(),
  totalAttempts: z.number(),
  lastAttemptDate: z.nullable(z.string()),
});
export type QuizSummary = z.infer<typeof QuizSummarySchema>;

/** A quiz card: the quiz and the signed-in learner's summary of it. */
export const QuizListItemSchema = z.object({
  quiz: QuizSchema,
  summary: QuizSummarySchema,
});
export type QuizListItem = z.infer<typeof QuizListItemSchema>;

/** getModuleCompletionTarget (learner §7): where Continue leads after a module. */
export const CompletionTargetSchema = z.object({
  path: z.string(),
  type: z.enum(['module', 'quiz']),
});
export type CompletionTarget = z.infer<typeof CompletionTargetSchema>;
