import {
  adminMessages,
  analyzeImageLinks,
  CourseError,
  correctImageLinks,
  IMAGE_BUCKET,
  IMAGE_JOB_STEPS,
  IMAGE_LISTING_LIMIT,
  type ImageAnalysisResult,
  type ImageCorrectionResult,
  type ImageLinkMapping,
  type ImageValidationResult,
  imageUrlsOf,
  type JobStatus,
  type StoredImage,
  validateImageUrls,
} from '@coursekit/core';
import { type AdminTables, logAction } from './adminTables';

/** Where the bucket's files are served, as on the reference API. */
const STORAGE_PREFIX = `/storage/${IMAGE_BUCKET}/`;
/** The origin relative image links resolve against when the validation "requests" them. */
const ORIGIN = 'http://memory.coursekit.test';

/**
 * A lesson's images as the image tools read lesson HTML: a figure per link, with a caption, as
 * the course's lessons hold them (the fixture's lessons carry no images of their own). The
 * correction's 10% length check is measured against this HTML.
 */
const figure = (url: string) =>
  `<figure><img src="${url}" alt="Diagram for this lesson"><figcaption>Figure: the diagram this lesson walks through, as the course's lessons show their images, with the caption the lesson gives it underneath.</figcaption></figure>`;
const lessonImageHtml = (urls: readonly string[]): string => urls.map(figure).join('\n');

/** The bucket's files and, per lesson, one image link: intro, three lessons, summary (DESIGN 7). */
export function seedImages(tables: AdminTables): void {
  const slots = ['intro', 'lesson-1', 'lesson-2', 'lesson-3', 'summary'];
  for (const lesson of tables.store.lessonsList) {
    const file = `module-${lesson.module_id}-${slots[lesson.order - 1] ?? `lesson-${lesson.order}`}.png`;
    tables.lessonImages.set(lesson.id, [`${STORAGE_PREFIX}${file}`]);
    tables.storedImages.push({
      name: file,
      size: 48_000 + lesson.id * 37,
      updated_at: '2025-01-06T09:00:00.000Z',
    });
  }
  tables.storedImages.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The image tools (admin §2 Enhanced Image URL Management) on the memory bucket and lesson links,
 * by core's rules: the analysis, the validation (its HEAD requests answered by the bucket) and the
 * Enhanced Correction (with the scenario's table of known wrong names).
 */
export function adminImages(tables: AdminTables, mappings: readonly ImageLinkMapping[] = []) {
  const active = () => tables.store.lessonsList.filter((l) => l.is_active);
  const stored = () => tables.storedImages.slice(0, IMAGE_LISTING_LIMIT).map((i) => i.name);
  const lessonsWithHtml = () =>
    active().map((l) => ({
      id: l.id,
      title: l.title,
      content: lessonImageHtml(tables.lessonImages.get(l.id) ?? []),
    }));

  const analyze = async (): Promise<ImageAnalysisResult> =>
    analyzeImageLinks(lessonsWithHtml().map((l) => ({ id: l.id, urls: imageUrlsOf(l.content) })));

  /** A HEAD request answered from the bucket: 200 for a stored file at its storage path, else 404. */
  const headFromBucket = async (input: RequestInfo | URL): Promise<Response> => {
    const path = decodeURIComponent(new URL(String(input)).pathname);
    const files = new Set(stored());
    const found = path.startsWith(STORAGE_PREFIX) && files.has(path.slice(STORAGE_PREFIX.length));
    return new Response(null, { status: found ? 200 : 404 });
  };

  const validate = (): Promise<ImageValidationResult> =>
    validateImageUrls(
      lessonsWithHtml().flatMap((l) => imageUrlsOf(l.content)),
      { baseUrl: ORIGIN, fetch: headFromBucket as typeof fetch, sleep: async () => {}, pauseMs: 0 },
    );

  /** Rewrites the safe corrections into the lesson links; lessons that fail a check stay as they were. */
  const correct = async (actor: string): Promise<ImageCorrectionResult> => {
    const { result, updates } = correctImageLinks(lessonsWithHtml(), stored(), { mappings });
    for (const update of updates) tables.lessonImages.set(update.id, imageUrlsOf(update.content));
    logAction(tables, actor, 'images_corrected', null, {
      corrected: result.corrected,
      skipped: result.skipped,
      failed: result.failed,
    });
    return result;
  };

  const work = { 'image-analysis': analyze, 'image-validation': validate, 'image-correction': correct };

  return {
    /** The image-assets listing, by name, at most IMAGE_LISTING_LIMIT files. */
    list: (): StoredImage[] => tables.storedImages.slice(0, IMAGE_LISTING_LIMIT).map((i) => ({ ...i })),
    analyze,
    validate,
    correct,

    /** Starts a job for the HTTP handlers: its first step at once, one more step per poll. */
    startJob(actor: string, kind: JobStatus['kind']): JobStatus {
      const [first = 100, ...rest] = IMAGE_JOB_STEPS[kind];
      const status: JobStatus = { id: `job-${tables.nextId()}`, kind, state: 'running', progress: first };
      tables.jobs.set(status.id, { status, steps: rest, finish: () => work[kind](actor) });
      return { ...status };
    },
    /** A poll: the job moves one step on, unless the scenario holds jobs at this point. */
    async pollJob(jobId: string): Promise<JobStatus> {
      const job = tables.jobs.get(jobId);
      if (!job) throw new CourseError('not_found', adminMessages.noSuchJob);
      const hold = tables.scenario.holdJobsAt;
      const held = hold !== undefined && job.status.progress >= hold;
      if (job.status.state === 'running' && !held) {
        const step = job.steps.shift() ?? 100;
        job.status =
          job.steps.length === 0 || step >= 100
            ? { ...job.status, state: 'done', progress: 100, result: await job.finish() }
            : { ...job.status, progress: step };
      }
      return { ...job.status };
    },
  };
}
