import {
  analyzeImageLinks,
  IMAGE_ANALYSIS_STEPS,
  type ImageAnalysisResult,
  imageUrlsOf,
} from '@coursekit/core';

// The link rules live in core, shared with the mocks; re-exported for the image tools here.
export {
  IMAGE_BUCKET,
  imageUrlsOf,
  urlIssues,
} from '@coursekit/core';

/** Just what the image tools read of a lesson. */
export interface LessonContent {
  id: number;
  title: string;
  content: string;
}

export type ProgressReporter = (progress: number) => void;

/**
 * The image-link analysis (admin §4/§9) of lessons already read: lessons with images, problematic
 * URLs, encoding issues and the URL patterns in use. Reports the steps of the work it does (50 once
 * every lesson's URLs are found, 75 once every URL is checked); the caller reports reading the
 * lessons (25) and the job storing the result (100).
 */
export function analyzeImages(
  lessons: readonly LessonContent[],
  onProgress: ProgressReporter = () => {},
): ImageAnalysisResult {
  const found = lessons.map((lesson) => ({ id: lesson.id, urls: imageUrlsOf(lesson.content) }));
  onProgress(IMAGE_ANALYSIS_STEPS.urlsFound);
  const result = analyzeImageLinks(found);
  onProgress(IMAGE_ANALYSIS_STEPS.urlsChecked);
  return result;
}
