import type { ImageCorrectionResult, ImageLinkMapping } from '../schemas/admin';
import { IMAGE_BUCKET, imageUrlsOf } from './imageLinks';

// The Enhanced Correction of lesson image links (admin §4/§5/§9): which stored file a link meant,
// and whether the corrected lesson is safe to save. The API runs it on its lessons and bucket, the
// mocks on theirs; the course's own table of known wrong names comes in as data.

/** Just what the image tools read of a lesson. */
export interface ImageLessonContent {
  id: number;
  title: string;
  content: string;
}

/** admin §9: a fuzzy file-name match is accepted at 80% confidence or more. */
export const FUZZY_THRESHOLD = 0.8;
/** admin §5: a corrected lesson may not change length by more than 10%. */
export const MAX_LENGTH_CHANGE = 0.1;

function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[\s_()-]+/g, '-')
    .replace(/-+/g, '-');
}

/** Similarity of two file names, 0–1: one minus their edit distance over the longer length. */
export function nameSimilarity(a: string, b: string): number {
  const x = normalizeName(a);
  const y = normalizeName(b);
  if (x === y) return 1;
  const row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= y.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (x[i - 1] === y[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return 1 - row[y.length]! / Math.max(x.length, y.length, 1);
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The file name a storage URL points at, decoded, however the URL was mangled. */
export function fileNameOf(url: string): string {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  const inBucket = path.split(`${IMAGE_BUCKET}/`).at(-1) ?? path;
  return decodeSafely(inBucket.replace(/^\/+/, '').split('/').filter(Boolean).at(-1) ?? '');
}

export const storageUrl = (name: string) => `/storage/${IMAGE_BUCKET}/${encodeURIComponent(name)}`;

/** admin §5: why a corrected lesson must be rejected; empty when it is safe to save. */
export function correctionSafetyIssues(before: string, after: string): string[] {
  const issues: string[] = [];
  if (before.length > 0 && Math.abs(after.length - before.length) / before.length > MAX_LENGTH_CHANGE) {
    issues.push('Content length changed by more than 10%');
  }
  const tags = (html: string) => (html.match(/<\/?[a-z][^>]*>/gi) ?? []).length;
  if (tags(before) !== tags(after)) issues.push('HTML tag count changed');
  const links = [...after.matchAll(/\s(?:src|href)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
  if (links.some((link) => link.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').includes('//'))) {
    issues.push('A link contains a double slash');
  }
  return issues;
}

export interface CorrectionOutcome {
  result: ImageCorrectionResult;
  /** The lessons to save: only those corrected and safe. */
  updates: Array<{ id: number; content: string }>;
}

/**
 * The Enhanced Correction (admin §4/§5/§9): each image URL is matched to a stored file by the
 * course's mapping table, then by exact name, then by fuzzy name (≥ 80%), and rewritten to its canonical
 * storage path. A lesson whose corrected content fails a safety check is not changed. Progress: 30, 100.
 */
export function correctImageLinks(
  lessons: readonly ImageLessonContent[],
  storedNames: readonly string[],
  options: {
    /** The course's known wrong-to-right file names (admin §9's table), tried first. */
    mappings?: readonly ImageLinkMapping[];
    onProgress?: (progress: number) => void;
  } = {},
): CorrectionOutcome {
  const onProgress = options.onProgress ?? (() => {});
  onProgress(30);
  const stored = new Set(storedNames);
  const mapping = new Map((options.mappings ?? []).map((m) => [m.incorrect.toLowerCase(), m.correct]));
  const result: ImageCorrectionResult = {
    success: true,
    corrected: 0,
    skipped: 0,
    failed: 0,
    summary: { mappingCorrections: 0, totalUrls: 0, storageValidations: 0 },
    details: [],
  };
  const updates: CorrectionOutcome['updates'] = [];

  for (const lesson of lessons) {
    const urls = imageUrlsOf(lesson.content);
    if (urls.length === 0) continue;
    const detail: ImageCorrectionResult['details'][number] = {
      lessonId: lesson.id,
      title: lesson.title,
      corrections: [],
      warnings: [],
      errors: [],
    };
    let content = lesson.content;
    for (const url of new Set(urls)) {
      result.summary.totalUrls += 1;
      const name = fileNameOf(url);
      let target: { name: string; method: string } | null = null;
      const mapped = mapping.get(name.toLowerCase());
      if (mapped) {
        target = { name: mapped, method: 'mapping' };
        result.summary.mappingCorrections += 1;
      } else if (stored.has(name)) {
        target = { name, method: 'normalize' };
        result.summary.storageValidations += 1;
      } else {
        const best = storedNames
          .map((candidate) => ({ candidate, score: nameSimilarity(name, candidate) }))
          .sort((a, b) => b.score - a.score)[0];
        if (best && best.score >= FUZZY_THRESHOLD) target = { name: best.candidate, method: 'fuzzy' };
      }
      if (!target) {
        detail.warnings.push(`No stored image matches ${url}`);
        continue;
      }
      if (!stored.has(target.name)) detail.warnings.push(`${target.name} is not in storage yet`);
      const to = storageUrl(target.name);
      if (to !== url) {
        content = content.split(url).join(to);
        detail.corrections.push({ method: target.method, from: url, to });
      }
    }
    if (detail.corrections.length === 0) {
      result.skipped += 1;
    } else {
      const issues = correctionSafetyIssues(lesson.content, content);
      if (issues.length > 0) {
        detail.errors.push(...issues);
        result.failed += 1;
      } else {
        updates.push({ id: lesson.id, content });
        result.corrected += 1;
      }
    }
    result.details.push(detail);
  }
  result.success = result.failed === 0;
  onProgress(100);
  return { result, updates };
}
