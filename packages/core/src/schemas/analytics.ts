import * as z from 'zod/mini';

// The Analytics tab's report (DESIGN decision 10), computed on the server from the database. Who
// counts: a learner is every account without the admin role. Scores are percentages 0–100.

/** Width of a score-distribution bin, in percentage points: 0–9, 10–19, …, 90–100 (10 bins). */
export const SCORE_BIN_WIDTH = 10;
export const SCORE_BIN_COUNT = 10;

/** How many learners there are, how many started (any progress record), how many finished. */
export const AnalyticsLearnersSchema = z.object({
  total: z.number(),
  /** hasStarted of admin §4: at least one progress record. */
  started: z.number(),
  /** Every active lesson completed (admin §4's course completion), with at least one lesson. */
  completedCourse: z.number(),
});
export type AnalyticsLearners = z.infer<typeof AnalyticsLearnersSchema>;

/** One module of the completion funnel, in course order. */
export const FunnelStepSchema = z.object({
  moduleId: z.number(),
  title: z.string(),
  /** The module's active lessons. */
  lessons: z.number(),
  /** Learners with at least one of its lessons completed. */
  started: z.number(),
  /** Learners with every one of its lessons completed (the module is at 100%). */
  completed: z.number(),
});
export type FunnelStep = z.infer<typeof FunnelStepSchema>;

/** One bin of a score distribution: learners whose score is in [from, to), the last bin takes 100. */
export const ScoreBinSchema = z.object({ from: z.number(), to: z.number(), learners: z.number() });
export type ScoreBin = z.infer<typeof ScoreBinSchema>;

/** One learner group's scores: a single score per learner (see ScoreComparison for which). */
export const ScoreGroupSchema = z.object({
  /** Learners with a score in this group. */
  learners: z.number(),
  /** Rounded to one decimal; null without learners. */
  average: z.nullable(z.number()),
  median: z.nullable(z.number()),
  /**
   * Learners who passed: the counted pre-assessment attempt passed; for the final, every course
   * quiz they took has a passing attempt.
   */
  passed: z.number(),
  /** Always SCORE_BIN_COUNT bins of SCORE_BIN_WIDTH points, lowest first. */
  distribution: z.array(ScoreBinSchema),
});
export type ScoreGroup = z.infer<typeof ScoreGroupSchema>;

/**
 * Pre-assessment against the final quiz. `preAssessment` counts each learner's FIRST completed
 * attempt of the pre_assessment quiz (what they knew before the course; later retakes would measure
 * the course). `final` counts each learner's BEST completed attempt of every course-kind quiz; with
 * several course quizzes a learner's score is the mean of those bests. `paired` covers only the
 * learners who have both, final minus pre, in percentage points.
 */
export const ScoreComparisonSchema = z.object({
  preAssessment: ScoreGroupSchema,
  final: ScoreGroupSchema,
  paired: z.object({
    learners: z.number(),
    averagePre: z.nullable(z.number()),
    averageFinal: z.nullable(z.number()),
    /** Average of (final − pre) per learner, one decimal; null without pairs. */
    averageImprovement: z.nullable(z.number()),
    medianImprovement: z.nullable(z.number()),
    /** Learners whose final score is above their pre-assessment score. */
    improved: z.number(),
  }),
});
export type ScoreComparison = z.infer<typeof ScoreComparisonSchema>;

export const QuestionDifficultySchema = z.object({
  questionId: z.number(),
  questionNumber: z.number(),
  /** The question's text, cut to SHORT_QUESTION_LENGTH characters with an ellipsis. */
  text: z.string(),
  /** Completed attempts that hold an answer to this question. */
  answered: z.number(),
  correct: z.number(),
  /** correct / answered, 0–1 rounded to three decimals; null when nobody answered. */
  shareCorrect: z.nullable(z.number()),
});
export type QuestionDifficulty = z.infer<typeof QuestionDifficultySchema>;

/**
 * Per-question difficulty of one quiz. Coverage: both quiz kinds store answers per question on the
 * attempt (a course quiz's answers are locked one by one on the server; the pre-assessment's are
 * stored when it is completed), so every quiz is covered. Only completed attempts count, every
 * completed attempt once (retakes included), so abandoned attempts do not skew the shares.
 */
export const QuizDifficultySchema = z.object({
  quizId: z.number(),
  kind: z.enum(['pre_assessment', 'course']),
  title: z.string(),
  /** Completed attempts of this quiz. */
  attempts: z.number(),
  /** In question order. */
  questions: z.array(QuestionDifficultySchema),
});
export type QuizDifficulty = z.infer<typeof QuizDifficultySchema>;

export const AnalyticsReportSchema = z.object({
  generatedAt: z.string(),
  learners: AnalyticsLearnersSchema,
  funnel: z.array(FunnelStepSchema),
  scores: ScoreComparisonSchema,
  difficulty: z.array(QuizDifficultySchema),
});
export type AnalyticsReport = z.infer<typeof AnalyticsReportSchema>;

/** The length a question's text is cut to in the difficulty list. */
export const SHORT_QUESTION_LENGTH = 80;
