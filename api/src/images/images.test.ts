import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeImages, imageUrlsOf, urlIssues } from './analyze';
import {
  correctImageLinks,
  correctionSafetyIssues,
  fileNameOf,
  IMAGE_LINK_MAPPINGS,
  nameSimilarity,
} from './correct';
import { validateImageUrls } from './validate';

const lesson = (id: number, ...srcs: string[]) => ({
  id,
  title: `Lesson ${id}`,
  content: `<h2>Lesson ${id}</h2><p>${'Facility data text. '.repeat(20)}</p>${srcs.map((s) => `<p><img src="${s}" alt="diagram"></p>`).join('')}`,
});

describe('image-link analysis (admin §5)', () => {
  it('finds every img src, quoted or not', () => {
    expect(imageUrlsOf(`<img alt="a" src="/a.svg"><IMG src='b.svg'><img src=c.svg>`)).toEqual([
      '/a.svg',
      'b.svg',
      'c.svg',
    ]);
  });
  it.each([
    ['/storage/image-assets/module-1-intro.svg', []],
    ['https://cdn.example.com/x.svg', []],
    ['image-assets/x.svg', []],
    ['/storage//image-assets/x.svg', ['double_slash']],
    ['https://host//x.svg', ['double_slash']],
    ['/storage/image-assets/Module%201%20Intro.svg', ['encoded_characters']],
    ['/storage/image-assets/file%2Esvg', ['encoded_characters']],
    ['/storage/image-assets/Module 1 (copy).svg', ['raw_spaces_or_parentheses']],
    ['assets/x.svg', ['bad_prefix']],
  ])('%s → %j', (url, issues) => {
    expect(urlIssues(url)).toEqual(issues);
  });
  it('reports lessons with images, problems, encoding issues and patterns, at 50 and 75 as it works', () => {
    // Each lesson's content is read once, to find its URLs: at 50 every one has been.
    let contentsRead = 0;
    const counted = (l: ReturnType<typeof lesson>) => ({
      id: l.id,
      title: l.title,
      get content() {
        contentsRead += 1;
        return l.content;
      },
    });
    const steps: Array<[step: number, contentsRead: number]> = [];
    const result = analyzeImages(
      [
        lesson(1, '/storage/image-assets/module-1-intro.svg'),
        lesson(2, '/storage/image-assets/Module%201%20Lesson%201.svg', 'assets/x.svg'),
        { id: 3, title: 'No image', content: '<p>text</p>' },
      ].map(counted),
      (p) => steps.push([p, contentsRead]),
    );
    // 25 (the lessons read) is runAnalysis's, 100 (the result stored) the job's: content.test.ts
    expect(steps).toEqual([
      [50, 3],
      [75, 3],
    ]);
    expect(result).toMatchObject({ totalLessons: 3, lessonsWithImages: 2, encodingIssues: 1 });
    expect(result.problematicUrls.map((p) => p.url)).toEqual([
      '/storage/image-assets/Module%201%20Lesson%201.svg',
      'assets/x.svg',
    ]);
    expect(result.urlPatterns[0]).toMatchObject({ pattern: 'storage path', count: 2 });
  });
});

describe('image-link correction (admin §5/§9)', () => {
  const stored = IMAGE_LINK_MAPPINGS.map((m) => m.correct);

  it('has 25 mappings, five per module', () => {
    expect(IMAGE_LINK_MAPPINGS).toHaveLength(25);
    expect(new Set(IMAGE_LINK_MAPPINGS.map((m) => m.correct)).size).toBe(25);
    expect(IMAGE_LINK_MAPPINGS.filter((m) => m.moduleId === 3)).toHaveLength(5);
  });

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
      (p) => steps.push(p),
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
    const { result, updates } = correctImageLinks([{ id: 9, title: 'Short', content: before }], stored);
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

describe('image-URL validation against a local server (admin §9)', () => {
  let server: Server;
  let base: string;
  const hits = new Map<string, number>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = req.url ?? '';
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const reply = (status: number) => {
        res.writeHead(status, { 'content-type': 'image/svg+xml' });
        res.end();
      };
      if (path === '/good.svg') reply(200);
      else if (path === '/slow.svg') setTimeout(() => reply(200), 900);
      else if (path === '/flaky.svg') reply(hits.get(path)! < 2 ? 503 : 200);
      else if (path === '/broken.svg') reply(500);
      else if (path === '/hang.svg') setTimeout(() => reply(200), 10_000).unref();
      else reply(404);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sorts good, missing, slow, flaky, failing and hanging images, in batches, with retries', async () => {
    const pauses: number[] = [];
    const steps: number[] = [];
    const result = await validateImageUrls(
      ['/good.svg', '/missing.svg', '/slow.svg', '/flaky.svg', '/broken.svg', '/hang.svg', '/good.svg'],
      {
        baseUrl: base,
        batchSize: 5,
        pauseMs: 7,
        retryDelaysMs: [1, 2],
        timeoutMs: 1500,
        slowMs: 600,
        sleep: (ms) => {
          pauses.push(ms);
          return new Promise((resolve) => setTimeout(resolve, ms));
        },
        onProgress: (p) => steps.push(p),
      },
    );
    expect(result).toMatchObject({ total: 6, valid: 3, invalid: 3 });
    expect(result.errors.map((e) => [e.url, e.status])).toEqual([
      ['/missing.svg', 404],
      ['/broken.svg', 500],
      ['/hang.svg', null],
    ]);
    expect(result.errors[2]?.error).toBe('Timed out after 1500 ms');
    expect(result.slow?.map((s) => s.url)).toEqual(['/slow.svg']);
    expect(hits.get('/missing.svg')).toBe(1); // a 404 is not retried
    expect(hits.get('/flaky.svg')).toBe(2); // one retry was enough
    expect(hits.get('/broken.svg')).toBe(3); // two retries, then given up
    expect(pauses.filter((ms) => ms === 7)).toHaveLength(1); // one pause between the two batches
    expect(steps[0]).toBe(20);
    expect(steps.at(-1)).toBe(100);
    expect(result.summary.recommendations).toHaveLength(3);
  });

  it('says so when every image is reachable', async () => {
    const result = await validateImageUrls(['/good.svg'], { baseUrl: base });
    expect(result.summary.recommendations).toEqual(['All images are reachable.']);
  });
});
