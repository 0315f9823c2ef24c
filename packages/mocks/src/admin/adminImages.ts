import {
  analyzeImageLinks,
  CourseError,
  IMAGE_BUCKET,
  IMAGE_JOB_STEPS,
  type ImageAnalysisResult,
  type ImageCorrectionResult,
  type ImageValidationResult,
  type JobStatus,
  type StoredImage,
  URL_ISSUE_LABELS,
  urlIssues,
} from '@coursekit/core';
import { type AdminState, logAction } from './adminState';

export { IMAGE_BUCKET };

/** admin §9: the storage listing's limit. */
const LISTING_LIMIT = 1000;
const STORAGE_PREFIX = `/storage/${IMAGE_BUCKET}/`;

/** admin §4: each tool's progress steps; the last one finishes the job. */
export const JOB_STEPS: Record<JobStatus['kind'], readonly number[]> = IMAGE_JOB_STEPS;

/** The first of admin §5's flags for a URL, as the analysis names it. */
const firstIssue = (url: string) => URL_ISSUE_LABELS[urlIssues(url)[0]!];

const fileOf = (url: string) => url.split('/').filter(Boolean).at(-1) ?? '';
/** The file name a messy link most likely meant: decoded, lower case, runs of space ( ) _ as '-'. */
function normalizedFile(url: string): string {
  let name = fileOf(url);
  try {
    name = decodeURIComponent(name);
  } catch {
    // a stray % stays as written
  }
  return name
    .toLowerCase()
    .replace(/[\s()_]+/g, '-')
    .replace(/-+(\.)/g, '$1')
    .replace(/-{2,}/g, '-');
}

/** The bucket's files and, per lesson, one image link: intro, three lessons, summary (DESIGN 7). */
export function seedImages(state: AdminState): void {
  const slots = ['intro', 'lesson-1', 'lesson-2', 'lesson-3', 'summary'];
  for (const lesson of state.store.lessonsList) {
    const file = `module-${lesson.module_id}-${slots[lesson.order - 1] ?? `lesson-${lesson.order}`}.png`;
    state.lessonImages.set(lesson.id, [`${STORAGE_PREFIX}${file}`]);
    state.storedImages.push({
      name: file,
      size: 48_000 + lesson.id * 37,
      updated_at: '2025-01-06T09:00:00.000Z',
    });
  }
  state.storedImages.sort((a, b) => a.name.localeCompare(b.name));
}

/** The image tools' work (admin §2 Enhanced Image URL Management), on the state's lesson links. */
export function adminImages(state: AdminState) {
  const active = () => state.store.lessonsList.filter((l) => l.is_active);
  const stored = () => new Set(state.storedImages.map((i) => i.name));
  const linksOf = (lessonId: number) => state.lessonImages.get(lessonId) ?? [];

  const analyze = (): ImageAnalysisResult =>
    analyzeImageLinks(active().map((l) => ({ id: l.id, urls: linksOf(l.id) })));

  /** A link is valid when it is well formed and its file is in the bucket (the mock's HEAD request). */
  const validate = (): ImageValidationResult => {
    const files = stored();
    const urls = active().flatMap((l) => linksOf(l.id));
    const errors = urls.flatMap((url): ImageValidationResult['errors'] => {
      if (urlIssues(url).length > 0)
        return [{ url, status: null, error: `Malformed URL: ${firstIssue(url)}` }];
      return files.has(fileOf(url)) ? [] : [{ url, status: 404, error: 'Not Found' }];
    });
    const recommendations =
      errors.length === 0
        ? ['All image links resolve. No action needed.']
        : [`Run Enhanced Correction to repair ${errors.length} image link${errors.length === 1 ? '' : 's'}.`];
    return {
      total: urls.length,
      valid: urls.length - errors.length,
      invalid: errors.length,
      errors,
      slow: [],
      summary: { recommendations },
    };
  };

  /** Rewrites each bad link to the bucket file it meant; lessons with a link it cannot place fail. */
  const correct = (actor: string): ImageCorrectionResult => {
    const files = stored();
    const result: ImageCorrectionResult = {
      success: true,
      corrected: 0,
      skipped: 0,
      failed: 0,
      summary: { mappingCorrections: 0, totalUrls: 0, storageValidations: 0 },
      details: [],
    };
    for (const lesson of active()) {
      const links = linksOf(lesson.id);
      if (links.length === 0) continue;
      const detail = {
        lessonId: lesson.id,
        title: lesson.title,
        corrections: [] as Array<{ method: string; from: string; to: string }>,
        warnings: [] as string[],
        errors: [] as string[],
      };
      const next = links.map((url) => {
        result.summary.totalUrls += 1;
        result.summary.storageValidations += 1;
        if (urlIssues(url).length === 0 && files.has(fileOf(url))) return url;
        const file = normalizedFile(url);
        if (!files.has(file)) {
          detail.errors.push(`No file in ${IMAGE_BUCKET} matches ${fileOf(url)}`);
          return url;
        }
        const to = `${STORAGE_PREFIX}${file}`;
        const method = file === fileOf(url) ? 'path_normalization' : 'filename_mapping';
        if (method === 'filename_mapping') result.summary.mappingCorrections += 1;
        detail.corrections.push({ method, from: url, to });
        return to;
      });
      state.lessonImages.set(lesson.id, next);
      if (detail.errors.length > 0) result.failed += 1;
      else if (detail.corrections.length > 0) result.corrected += 1;
      else result.skipped += 1;
      if (detail.corrections.length > 0 || detail.errors.length > 0) result.details.push(detail);
    }
    result.success = result.failed === 0;
    logAction(state, actor, 'images_corrected', null, {
      corrected: result.corrected,
      skipped: result.skipped,
      failed: result.failed,
    });
    return result;
  };

  const work = { 'image-analysis': analyze, 'image-validation': validate, 'image-correction': correct };

  return {
    /** The image-assets listing, by name, at most 1000 files. */
    list: (): StoredImage[] => state.storedImages.slice(0, LISTING_LIMIT).map((i) => ({ ...i })),
    analyze,
    validate,
    correct,

    /** Starts a job for the HTTP handlers: its first step at once, one more step per poll. */
    startJob(actor: string, kind: JobStatus['kind']): JobStatus {
      const [first = 100, ...rest] = JOB_STEPS[kind];
      const status: JobStatus = { id: `job-${state.nextId()}`, kind, state: 'running', progress: first };
      state.jobs.set(status.id, { status, steps: rest, finish: () => work[kind](actor) });
      return { ...status };
    },
    /** A poll: the job moves one step on, unless the scenario holds jobs at this point. */
    pollJob(jobId: string): JobStatus {
      const job = state.jobs.get(jobId);
      if (!job) throw new CourseError('not_found', 'No such job');
      const hold = state.scenario.holdJobsAt;
      const held = hold !== undefined && job.status.progress >= hold;
      if (job.status.state === 'running' && !held) {
        const step = job.steps.shift() ?? 100;
        job.status =
          job.steps.length === 0 || step >= 100
            ? { ...job.status, state: 'done', progress: 100, result: job.finish() }
            : { ...job.status, progress: step };
      }
      return { ...job.status };
    },
  };
}
