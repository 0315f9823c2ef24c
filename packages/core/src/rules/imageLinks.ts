import type { ImageAnalysisResult } from '../schemas/admin';

/** The storage bucket lesson images live in (admin §3). */
export const IMAGE_BUCKET = 'image-assets';

/**
 * admin §4: the analysis's progress steps, each reported once the work it names is done: the
 * lessons read, every lesson's image URLs found, every URL checked, the result stored with the job.
 */
export const IMAGE_ANALYSIS_STEPS = {
  lessonsRead: 25,
  urlsFound: 50,
  urlsChecked: 75,
  resultStored: 100,
} as const;

/** admin §9: the storage listing's limit (files, by name). */
export const IMAGE_LISTING_LIMIT = 1000;

/** admin §4: each image tool's progress steps; the last one finishes the job. */
export const IMAGE_JOB_STEPS = {
  'image-analysis': [
    IMAGE_ANALYSIS_STEPS.lessonsRead,
    IMAGE_ANALYSIS_STEPS.urlsFound,
    IMAGE_ANALYSIS_STEPS.urlsChecked,
    IMAGE_ANALYSIS_STEPS.resultStored,
  ],
  'image-validation': [20, 100],
  'image-correction': [30, 100],
} as const;

export type UrlIssue = 'double_slash' | 'encoded_characters' | 'raw_spaces_or_parentheses' | 'bad_prefix';

/** How the analysis names each issue to the admin. */
export const URL_ISSUE_LABELS: Record<UrlIssue, string> = {
  double_slash: 'Double slash in path',
  encoded_characters: 'Encoded characters (%20, %28, %29, %2E)',
  raw_spaces_or_parentheses: 'Raw spaces or parentheses',
  bad_prefix: `Does not start with http, / or ${IMAGE_BUCKET}`,
};

/** Image URLs of an HTML lesson: every `<img src>`, quoted or not, in document order. */
export function imageUrlsOf(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const url = match[1] ?? match[2] ?? match[3];
    if (url !== undefined) urls.push(url);
  }
  return urls;
}

/** admin §5: what is wrong with one image URL. */
export function urlIssues(url: string): UrlIssue[] {
  const issues: UrlIssue[] = [];
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  if (path.includes('//')) issues.push('double_slash');
  if (/%(20|28|29|2e)/i.test(url)) issues.push('encoded_characters');
  if (/[ ()]/.test(url)) issues.push('raw_spaces_or_parentheses');
  if (!new RegExp(`^(https?:|/|${IMAGE_BUCKET}/)`, 'i').test(url)) issues.push('bad_prefix');
  return issues;
}

/** The family a URL belongs to, for the analysis's pattern table. */
export function urlPattern(url: string): string {
  if (/^https?:/i.test(url))
    return url.includes(`/storage/${IMAGE_BUCKET}/`) ? 'absolute storage URL' : 'external URL';
  if (url.startsWith(`/storage/${IMAGE_BUCKET}/`)) return 'storage path';
  if (url.startsWith(`${IMAGE_BUCKET}/`)) return 'bucket-relative path';
  if (url.startsWith('/')) return 'other site path';
  return 'relative or malformed';
}

/**
 * The image-link analysis (admin §2/§5) of lessons' image URLs: lessons with images, problematic
 * URLs with their issues, encoding issues, and the URL patterns in use, most used first.
 */
export function analyzeImageLinks(
  lessons: ReadonlyArray<{ id: number; urls: readonly string[] }>,
): ImageAnalysisResult {
  const problematicUrls: ImageAnalysisResult['problematicUrls'] = [];
  const patterns = new Map<string, { count: number; issues: Set<string> }>();
  let encodingIssues = 0;
  for (const lesson of lessons) {
    for (const url of lesson.urls) {
      const issues = urlIssues(url);
      if (issues.includes('encoded_characters')) encodingIssues += 1;
      if (issues.length > 0)
        problematicUrls.push({ lessonId: lesson.id, url, issues: issues.map((i) => URL_ISSUE_LABELS[i]) });
      const pattern = patterns.get(urlPattern(url)) ?? { count: 0, issues: new Set<string>() };
      pattern.count += 1;
      for (const issue of issues) pattern.issues.add(URL_ISSUE_LABELS[issue]);
      patterns.set(urlPattern(url), pattern);
    }
  }
  return {
    totalLessons: lessons.length,
    lessonsWithImages: lessons.filter((l) => l.urls.length > 0).length,
    problematicUrls,
    encodingIssues,
    urlPatterns: [...patterns]
      .map(([pattern, { count, issues }]) => ({ pattern, count, issues: [...issues] }))
      .sort((a, b) => b.count - a.count),
  };
}
