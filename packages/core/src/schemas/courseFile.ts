import * as z from 'zod/mini';
import { COURSE_SLUG_PATTERN } from './studio';

// The course folder's own files, as authors write them (the format): course.json and
// quizzes/module-N.json. One schema for the API's loader, the zip import, the studio's save check and
// the studio's settings form, so a field is refused with the same words wherever it is written.

const text = () => z.string();
const required = () => z.string().check(z.minLength(1));
const wholeNumber = () => z.number().check(z.int());
const score = () => wholeNumber().check(z.gte(1), z.lte(100));

/**
 * A quiz of the course. Question banks: `draw` questions of its bank (every question of
 * its kind across the quiz files; no more than that, checked with the quiz files) per attempt, and
 * `shuffleOptions` for an option order per attempt. Absent: every question, options A-D.
 */
const QuizSettingsSchema = z.object({
  title: z.string(),
  description: z.string(),
  passingScore: z.number(),
  draw: z.optional(wholeNumber().check(z.gte(1))),
  shuffleOptions: z.optional(z.boolean()),
  /** A sentence the pass message adds (the pre-assessment's: "You have a strong foundation in …"). */
  passedMessage: z.optional(z.string()),
});

export const CourseFileSchema = z.object({
  slug: z.string().check(z.regex(COURSE_SLUG_PATTERN, 'lower-case words joined by hyphens')),
  title: required(),
  description: text(),
  estimatedTime: required(),
  syllabusDuration: required(),
  preAssessmentTime: required(),
  /** Who the course is written for: the about page's "Who it is for". */
  audience: z.optional(z.string()),
  objectives: z.array(z.object({ id: required(), text: required() })),
  modules: z.array(
    z.object({
      id: wholeNumber().check(z.gt(0)),
      name: text(),
      title: text(),
      summary: z.optional(text()),
      description: text(),
      durationMinutes: z.optional(wholeNumber().check(z.gt(0))),
      /** This module's own test-out threshold, over the course's `testOut.passingScore`. */
      testOutScore: z.optional(score()),
    }),
  ),
  /**
   * Test-out: a learner whose latest pre-assessment has a module's questions right at or
   * above the threshold tests out of that module. Absent or not enabled: off.
   */
  testOut: z.optional(z.object({ enabled: z.boolean(), passingScore: score() })),
  quizzes: z.object({ preAssessment: QuizSettingsSchema, finalQuiz: QuizSettingsSchema }),
});
/** course.json as its schema reads it. */
export type CourseFile = z.infer<typeof CourseFileSchema>;
export type CourseFileModule = CourseFile['modules'][number];

export const QuestionFileSchema = z.object({
  question_text: required(),
  option_a: required(),
  option_b: required(),
  option_c: required(),
  option_d: required(),
  correct_answer: z.enum(['A', 'B', 'C', 'D']),
  explanation: z.optional(z.nullable(text())),
  objectives: z.optional(z.array(text())),
});
export type QuestionFile = z.infer<typeof QuestionFileSchema>;

export const QuizFileSchema = z.object({
  moduleId: wholeNumber(),
  preAssessment: z._default(z.array(QuestionFileSchema), []),
  finalQuiz: z._default(z.array(QuestionFileSchema), []),
});
export type QuizFile = z.infer<typeof QuizFileSchema>;

// --- the words of a refusal ----------------------------------------------------------------------

/** Where in the file an issue is, as authors read it: `modules[1].name`, `quizzes.finalQuiz.title`. */
export function issuePath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`))
    .join('');
}

/** One schema issue in the words the zip import, the studio's save and its form all use. */
export function describeFileIssue(issue: z.core.$ZodIssue): string {
  const where = issuePath(issue.path);
  return where ? `${where} ${issueWords(issue)}` : `the file ${issueWords(issue)}`;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/** What is wrong, without where (a form shows it at the field). */
export function issueWords(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return `must be ${issue.values.length === 1 ? String(issue.values[0]) : `one of ${issue.values.join(', ')}`}`;
    case 'invalid_type': {
      const expected = TYPE_WORDS[issue.expected] ?? issue.expected;
      return issue.input === undefined ? `is missing (it must be ${expected})` : `must be ${expected}`;
    }
    case 'too_small':
    case 'too_big':
      return boundWords(issue);
    case 'invalid_format':
      return issue.format === 'regex' && !issue.message.startsWith('Invalid')
        ? `must be ${issue.message}`
        : issue.message;
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} the format does not know: ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

function boundWords(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): string {
  const small = issue.code === 'too_small';
  const bound = Number(small ? issue.minimum : issue.maximum);
  if (issue.origin === 'string' && small && bound === 1) return 'must not be empty';
  if (issue.origin === 'string') return `must be ${small ? 'at least' : 'at most'} ${bound} characters long`;
  if (issue.origin === 'array') return `must have ${small ? 'at least' : 'at most'} ${bound} items`;
  if (issue.inclusive) return `must be ${small ? 'at least' : 'at most'} ${bound}`;
  return `must be ${small ? 'greater' : 'less'} than ${bound}`;
}

/** A schema's issues by field path, the first for each. */
function schemaProblems<T>(
  schema: z.ZodMiniType<T>,
  value: unknown,
): { problems: Record<string, string>; data?: T } {
  const problems: Record<string, string> = {};
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return { problems, data: result.data };
  for (const issue of result.error.issues) problems[issuePath(issue.path)] ??= issueWords(issue);
  return { problems };
}

/**
 * course.json's problems by field path (the first for each), for a form to show at its fields; empty
 * when the file is one the API accepts. Module ids used twice are the import's rule too.
 */
export function courseFileProblems(value: unknown): Record<string, string> {
  const result = schemaProblems(CourseFileSchema, value);
  if (!result.data) return result.problems;
  const problems: Record<string, string> = {};
  const seen = new Set<number>();
  for (const [i, { id }] of result.data.modules.entries()) {
    if (seen.has(id)) problems[`modules[${i}].id`] = `${id} is used by an earlier module too`;
    seen.add(id);
  }
  return problems;
}

/** A quiz file's problems by field path (the first for each); empty when the API accepts it. */
export function quizFileProblems(value: unknown): Record<string, string> {
  return schemaProblems(QuizFileSchema, value).problems;
}
