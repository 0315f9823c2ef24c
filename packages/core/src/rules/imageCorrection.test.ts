import { describe, expect, it } from 'vitest';
import type { ImageLinkMapping } from '../schemas/admin';
import { correctImageLinks, correctionSafetyIssues, fileNameOf, nameSimilarity } from './imageCorrection';

const lesson = (id: number, ...srcs: string[]) => ({
  id,
  title: `Lesson ${id}`,
  content: `<h2>Lesson ${id}</h2><p>${'Facility data text. '.repeat(20)}</p>${srcs.map((s) => `<p><img src="${s}" alt="diagram"></p>`).join('')}`,
});

/** A course's table of known wrong names (the API's has 25, admin §9), and its bucket. */
const MAPPINGS: ImageLinkMapping[] = [
  {
    incorrect: 'Module 1 Intro.svg',
    correct: 'module-1-intro.svg',
    moduleId: 1,
    confidence: 1,
    mappingType: 'exact',
  },
];
const STORED = [
  'module-1-intro.svg',
  'module-1-lesson-1.svg',
  'module-1-lesson-2.svg',
  'module-1-lesson-3.svg',
];

describe('image-link correction (admin §5/§9)', () => {
  const stored = STORED;

  it('reads the file name out of mangled URLs', () => {
    expect(fileNameOf('/storage//image-assets/Module%202%20Summary.svg')).toBe('Module 2 Summary.svg');
    expect(fileNameOf('https://x.example/storage/image-assets/a.svg?v=2')).toBe('a.svg');
  });

  it('scores near names high and different names low', () => {
    expect(nameSimilarity('module-1-lesson-2.svg', 'module_1_lesson_2.svg')).toBe(1);
    expect(nameSimilarity('modul-1-lesson-2.svg', 'module-1-lesson-2.svg')).toBeGreaterThanOrEqual(0.8);
    expect(nameSimilarity('chiller.svg', 'module-1-lesson-2.svg')).toBeLessThan(0.8);
  });

  it('corrects by mapping, by exact name, and by fuzzy name, and reports each', () => {
    const steps: number[] = [];
    const { result, updates } = correctImageLinks(
      [
        lesson(1, '/storage/image-assets/Module%201%20Intro.svg'),
        lesson(2, '/storage//image-assets/module-1-lesson-1.svg'),
        lesson(3, '/storage/image-assets/modul-1-lesson-2.svg'),
        lesson(4, '/storage/image-assets/module-1-lesson-3.svg'),
        lesson(5, '/storage/image-assets/unrelated-photo.png'),
      ],
      stored,
      { mappings: MAPPINGS, onProgress: (p) => steps.push(p) },
    );
    expect(steps).toEqual([30, 100]);
    expect(result.details.flatMap((d) => d.corrections.map((c) => [c.method, c.to]))).toEqual([
      ['mapping', '/storage/image-assets/module-1-intro.svg'],
      ['normalize', '/storage/image-assets/module-1-lesson-1.svg'],
      ['fuzzy', '/storage/image-assets/module-1-lesson-2.svg'],
    ]);
    expect(result).toMatchObject({ success: true, corrected: 3, skipped: 2, failed: 0 });
    expect(result.summary).toEqual({ mappingCorrections: 1, totalUrls: 5, storageValidations: 2 });
    expect(result.details.find((d) => d.lessonId === 5)?.warnings[0]).toMatch(/No stored image matches/);
    expect(updates.map((u) => u.id)).toEqual([1, 2, 3]);
    expect(updates[0]?.content).toContain('src="/storage/image-assets/module-1-intro.svg"');
  });

  it('rejects a correction that changes the length by more than 10%', () => {
    const before =
      '<p><img src="/storage/image-assets/Module%201%20Intro.svg?upload=2024-03-11-final-v2"></p>';
    expect(correctionSafetyIssues(before, before.replace('Module%201%20Intro', 'm'))).toEqual([
      'Content length changed by more than 10%',
    ]);
    const { result, updates } = correctImageLinks([{ id: 9, title: 'Short', content: before }], stored, {
      mappings: MAPPINGS,
    });
    expect(result).toMatchObject({ success: false, failed: 1, corrected: 0 });
    expect(result.details[0]?.errors).toContain('Content length changed by more than 10%');
    expect(updates).toEqual([]);
  });

  it('rejects a correction that changes the tag count', () => {
    const before = `<p>${'x'.repeat(200)}<img src="/a.svg"></p>`;
    expect(correctionSafetyIssues(before, before.replace('<img src="/a.svg">', 'img src="/a.svg"'))).toEqual([
      'HTML tag count changed',
    ]);
  });

  it('rejects a correction that leaves a double slash in a link', () => {
    const before = `<p>${'x'.repeat(200)}<a href="/storage/image-assets/a.svg">a</a></p>`;
    expect(
      correctionSafetyIssues(before, before.replace('/storage/image-assets', '/storage//image-assets')),
    ).toEqual(['A link contains a double slash']);
    expect(correctionSafetyIssues(before, before.replace('/storage/', 'https://host/storage/'))).toEqual([]);
  });
});
