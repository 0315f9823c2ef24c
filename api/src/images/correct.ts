import {
  type CorrectionOutcome,
  correctImageLinks as correctWithCourseTable,
  type ImageLinkMapping,
} from '@coursekit/core';
import type { LessonContent, ProgressReporter } from './analyze';

// The correction rules live in core (shared with the mocks); this course's table of known wrong
// file names is content, and stays here with the API.

const SLOTS = [
  ['intro', 'Intro'],
  ['lesson-1', 'Lesson 1'],
  ['lesson-2', 'Lesson 2'],
  ['lesson-3', 'Lesson 3'],
  ['summary', 'Summary'],
] as const;

/**
 * admin §9: the fixed table of 25 incorrect-to-correct image file names, five per module (intro,
 * three lessons, summary). The incorrect names are how the images were first uploaded by hand.
 */
export const IMAGE_LINK_MAPPINGS: readonly ImageLinkMapping[] = [1, 2, 3, 4, 5].flatMap((moduleId) =>
  SLOTS.map(([slot, label]) => ({
    incorrect: `Module ${moduleId} ${label}.svg`,
    correct: `module-${moduleId}-${slot}.svg`,
    moduleId,
    confidence: 1,
    mappingType: 'exact' as const,
  })),
);

/** core's Enhanced Correction with this course's mapping table. Progress: 30, 100. */
export function correctImageLinks(
  lessons: readonly LessonContent[],
  storedNames: readonly string[],
  onProgress: ProgressReporter = () => {},
): CorrectionOutcome {
  return correctWithCourseTable(lessons, storedNames, { mappings: IMAGE_LINK_MAPPINGS, onProgress });
}
