import { describe, expect, it } from 'vitest';
import type { StudioAdapter } from '../adapter/AdminAdapter';
import { courseDoesNotExist } from '../messages';
import {
  courseJsonRequired,
  courseSlugTaken,
  draftChangedSinceReview,
  draftConflict,
  draftFileExists,
  draftFileKind,
  draftFileMissing,
} from '../studioMessages';
import { expectCourseError, uniqueTag } from './expectations';

/** What a backend under test provides: the course studio of an admin (who may also publish). */
export interface StudioConformanceHarness {
  /** The studio as an admin reaches it, on a backend every call of the suite may share. */
  makeStudio: () => Promise<StudioAdapter> | StudioAdapter;
}

/** A 1×1 PNG, as an author uploads an image. */
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const LESSON = `# Part 1\n\n## Opening\n\n${'An opening lesson long enough to count as a lesson of the course. '.repeat(3)}\n`;

/** A new course of the studio's own, so tests never share a draft. */
async function newCourse(studio: StudioAdapter) {
  const slug = `studio-${uniqueTag()}`;
  const course = await studio.create({ slug, title: 'Studio Trial' });
  return { slug, course };
}

/**
 * The course studio's behaviour on every backend that has one: the memory studio of the mocks and
 * the live API answer the same calls with the same results and refusals (code and message), so the
 * studio's widget tests on the mocks say something about the real thing.
 */
export function runStudioConformance(name: string, harness: StudioConformanceHarness): void {
  describe(`StudioAdapter conformance: ${name}`, () => {
    it('creates a course as a draft, lists it, and refuses its slug a second time', async () => {
      const studio = await harness.makeStudio();
      const { slug, course } = await newCourse(studio);
      expect(course).toMatchObject({ slug, title: 'Studio Trial', status: 'draft', published_version: 0 });
      expect((await studio.courses()).filter((c) => c.slug === slug)).toEqual([course]);
      await expectCourseError(studio.create({ slug, title: 'Again' }), 'conflict', courseSlugTaken(slug));
    });

    it('opens the new course’s draft with its course.json, and an unknown course is not found', async () => {
      const studio = await harness.makeStudio();
      const { slug } = await newCourse(studio);
      const draft = await studio.draft(slug);
      expect(draft).toMatchObject({ course: slug, published_version: 0, based_on: 0 });
      expect(draft.files.map((f) => f.path)).toEqual(['course.json']);
      expect(JSON.parse(draft.files[0]!.text!)).toMatchObject({ slug, title: 'Studio Trial', modules: [] });
      const missing = `no-such-${uniqueTag()}`;
      await expectCourseError(studio.draft(missing), 'not_found', courseDoesNotExist(missing));
    });

    it('saves a new file once, then only on its revision; a stale save names who saved since', async () => {
      const studio = await harness.makeStudio();
      const { slug } = await newCourse(studio);
      const path = 'modules/module-1.md';
      const first = await studio.save(slug, path, { text: LESSON }, null);
      expect(first).toMatchObject({ path, text: LESSON, bytes: new TextEncoder().encode(LESSON).length });
      await expectCourseError(
        studio.save(slug, path, { text: LESSON }, null),
        'conflict',
        draftFileExists(path),
      );

      const second = await studio.save(slug, path, { text: `${LESSON}\nMore.\n` }, first.revision);
      expect(second.revision).toBeGreaterThan(first.revision);
      // A save made on the first revision, after the second: refused, nothing written.
      await expectCourseError(
        studio.save(slug, path, { text: 'stale' }, first.revision),
        'conflict',
        draftConflict(path, second.updated_by, second.revision),
      );
      const files = (await studio.draft(slug)).files;
      expect(files.find((f) => f.path === path)).toEqual(second);
    });

    it('refuses text for an image and an image for a text file, and saves nothing', async () => {
      const studio = await harness.makeStudio();
      const { slug } = await newCourse(studio);
      const image = `images/${slug}-dot.png`;
      await expectCourseError(
        studio.save(slug, image, { text: 'not an image' }, null),
        'invalid_request',
        draftFileKind(image, 'base64'),
      );
      await expectCourseError(
        studio.save(slug, 'modules/module-1.md', { base64: PIXEL_PNG }, null),
        'invalid_request',
        draftFileKind('modules/module-1.md', 'text'),
      );
      expect((await studio.draft(slug)).files.map((f) => f.path)).toEqual(['course.json']);
    });

    it('keeps an image’s bytes, and a file not in the draft is not found', async () => {
      const studio = await harness.makeStudio();
      const { slug } = await newCourse(studio);
      const image = `images/${slug}-dot.png`;
      const saved = await studio.save(slug, image, { base64: PIXEL_PNG }, null);
      const bytes = Uint8Array.from(atob(PIXEL_PNG), (c) => c.charCodeAt(0));
      expect(saved).toMatchObject({ path: image, text: null, bytes: bytes.length });
      const blob = await studio.file(slug, image);
      expect(blob.type).toBe('image/png');
      expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
      const absent = `images/${slug}-none.png`;
      await expectCourseError(studio.file(slug, absent), 'not_found', draftFileMissing(absent));
    });

    it('removes a file on its revision; never course.json, never on a stale revision', async () => {
      const studio = await harness.makeStudio();
      const { slug } = await newCourse(studio);
      const path = 'modules/module-1.md';
      const first = await studio.save(slug, path, { text: LESSON }, null);
      const second = await studio.save(slug, path, { text: `${LESSON}\nMore.\n` }, first.revision);
      await expectCourseError(
        studio.remove(slug, path, first.revision),
        'conflict',
        draftConflict(path, second.updated_by, second.revision),
      );
      const courseJson = (await studio.draft(slug)).files.find((f) => f.path === 'course.json')!;
      await expectCourseError(
        studio.remove(slug, 'course.json', courseJson.revision),
        'invalid_request',
        courseJsonRequired,
      );
      await studio.remove(slug, path, second.revision);
      expect((await studio.draft(slug)).files.map((f) => f.path)).toEqual(['course.json']);
      await expectCourseError(
        studio.remove(slug, path, second.revision),
        'not_found',
        draftFileMissing(path),
      );
    });

    it('reviews the draft under a hash that a later save makes stale for publishing', async () => {
      const studio = await harness.makeStudio();
      const { slug } = await newCourse(studio);
      const reviewed = await studio.changes(slug);
      expect(reviewed.published_version).toBe(0);
      expect(await studio.changes(slug)).toEqual(reviewed);
      await studio.save(slug, 'modules/module-1.md', { text: LESSON }, null);
      const after = await studio.changes(slug);
      expect(after.draft_hash).not.toBe(reviewed.draft_hash);
      await expectCourseError(studio.publish(slug, reviewed.draft_hash), 'conflict', draftChangedSinceReview);
      expect(await studio.versions(slug)).toEqual([]);
    });

    it('deletes a course no learner has records in; an unknown one is not found', async () => {
      const studio = await harness.makeStudio();
      const { slug } = await newCourse(studio);
      await studio.deleteCourse(slug);
      expect((await studio.courses()).some((c) => c.slug === slug)).toBe(false);
      await expectCourseError(studio.draft(slug), 'not_found', courseDoesNotExist(slug));
      await expectCourseError(studio.deleteCourse(slug), 'not_found', courseDoesNotExist(slug));
    });
  });
}
