import { z } from 'zod';

/** A positive database id in a path (int4 range). */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** A course's slug (course.json's rule): lower-case words joined by hyphens. */
export const courseSlug = z
  .string()
  .max(100, 'Not a course slug')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not a course slug');
export const courseParams = z.strictObject({ course: courseSlug });

export const moduleParams = z.strictObject({ moduleId: idParam });
export const quizParams = z.strictObject({ quizId: idParam });
export const attemptParams = z.strictObject({ attemptId: idParam });
/** learner §9's lesson keys: lowercase letters, digits and underscores. */
export const lessonKeyParams = z.strictObject({
  lessonKey: z.string().regex(/^[a-z0-9_]{1,200}$/, 'Not a lesson key'),
});
export const codeParams = z.strictObject({
  code: z.string().regex(/^[A-Z0-9-]{4,40}$/i, 'Not a certificate code'),
});
