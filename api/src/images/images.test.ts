import { describe, expect, it } from 'vitest';
import { analyzeImages, imageUrlsOf, urlIssues } from './analyze';
import { correctImageLinks, IMAGE_LINK_MAPPINGS } from './correct';

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

describe('this course’s image-link correction (admin §9’s table; the rules are core’s)', () => {
  const stored = IMAGE_LINK_MAPPINGS.map((m) => m.correct);

  it('has 25 mappings, five per module', () => {
    expect(IMAGE_LINK_MAPPINGS).toHaveLength(25);
    expect(new Set(IMAGE_LINK_MAPPINGS.map((m) => m.correct)).size).toBe(25);
    expect(IMAGE_LINK_MAPPINGS.filter((m) => m.moduleId === 3)).toHaveLength(5);
  });

  it('corrects a hand-uploaded name by the table, in 30/100 steps', () => {
    const steps: number[] = [];
    const { result, updates } = correctImageLinks(
      [lesson(1, '/storage/image-assets/Module%203%20Lesson%202.svg')],
      stored,
      (p) => steps.push(p),
    );
    expect(steps).toEqual([30, 100]);
    expect(result.details[0]?.corrections).toEqual([
      {
        method: 'mapping',
        from: '/storage/image-assets/Module%203%20Lesson%202.svg',
        to: '/storage/image-assets/module-3-lesson-2.svg',
      },
    ]);
    expect(updates.map((u) => u.id)).toEqual([1]);
  });
});
