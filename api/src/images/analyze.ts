import { analyzeImageLinks, type ImageAnalysisResult, imageUrlsOf } from '@coursekit/core';

// The link rules live in core, shared with the mocks; re-exported for the image tools here.
export {
  IMAGE_BUCKET,
  imageUrlsOf,
  URL_ISSUE_LABELS,
  type UrlIssue,
  urlIssues,
  urlPattern,
} from '@coursekit/core';

/** Just what the image tools read of a lesson. */
export interface LessonContent {
  id: number;
  title: string;
  content: string;
}

export type ProgressReporter = (progress: number) => void;

/**
 * The image-link analysis (admin §4/§9): lessons with images, problematic URLs, encoding issues and
 * the URL patterns in use. Reports progress in the spec's steps: 25, 50, 75, 100.
 */
export function analyzeImages(
  lessons: readonly LessonContent[],
  onProgress: ProgressReporter = () => {},
): ImageAnalysisResult {
  onProgress(25);
  const found = lessons.map((lesson) => ({ id: lesson.id, urls: imageUrlsOf(lesson.content) }));
  onProgress(50);
  const result = analyzeImageLinks(found);
  onProgress(75);
  onProgress(100);
  return result;
}
