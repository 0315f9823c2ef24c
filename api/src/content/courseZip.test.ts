import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { CourseZipError, type ZipLimits } from './courseFileRules';
import { packCourseZip, readCourseFiles, readCourseFromFiles, unpackCourseZip } from './courseZip';
import { courseFolders, readCourse, SEED_COURSE_DIR } from './loader';

const KiB = 1024;
const MiB = 1024 * KiB;
const text = (s: string) => strToU8(s);
const json = (value: unknown) => text(JSON.stringify(value, null, 2));

/** The seed course's files (api/content/courses/{platform.json defaultCourse}), read once. */
let real: Map<string, Uint8Array>;
beforeAll(async () => {
  real = await readCourseFiles(SEED_COURSE_DIR);
});

/** The real course with some files replaced (a value) or removed (null), packed. */
function courseZip(changes: Record<string, Uint8Array | string | null> = {}): Uint8Array {
  return packCourseZip(changed(changes));
}

function changed(changes: Record<string, Uint8Array | string | null>): Map<string, Uint8Array> {
  const files = new Map(real);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) files.delete(name);
    else files.set(name, typeof value === 'string' ? text(value) : value);
  }
  return files;
}

function realJson(name: string): Record<string, unknown> {
  return JSON.parse(new TextDecoder().decode(real.get(name)!));
}

/** The refusal unpackCourseZip gives, as { file, problem }; fails the test if it accepts the zip. */
function refusal(zip: Uint8Array, limits?: Partial<ZipLimits>): { file: string; problem: string } {
  try {
    unpackCourseZip(zip, limits);
  } catch (e) {
    if (!(e instanceof CourseZipError)) throw e;
    expect(e.message).toBe(`${e.file}: ${e.problem}`);
    return { file: e.file, problem: e.problem };
  }
  throw new Error('the zip was accepted');
}

/** A zip with exactly these entries, in this order, written by fflate's streaming Zip (data descriptors, like macOS and Java). */
function streamedZip(entries: Array<[string, Uint8Array]>): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    parts.push(chunk);
  });
  for (const [name, data] of entries) {
    const entry = name.endsWith('/') ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(data, true);
  }
  zip.end();
  return Buffer.concat(parts);
}

/** Rewrites an entry's declared uncompressed size and/or compression method in its local and central headers. */
function patchHeaders(zip: Uint8Array, name: string, patch: { size?: number; method?: number }): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const wanted = Buffer.from(name);
  const nameAt = (at: number, length: number) => Buffer.from(out.subarray(at, at + length)).equals(wanted);
  let patched = 0;
  for (let i = 0; i + 46 <= out.length; i++) {
    const signature = view.getUint32(i, true);
    const [nameOffset, nameLength, sizeOffset, methodOffset] =
      signature === 0x04034b50
        ? [30, view.getUint16(i + 26, true), 22, 8]
        : signature === 0x02014b50
          ? [46, view.getUint16(i + 28, true), 24, 10]
          : [0, -1, 0, 0];
    if (nameLength < 0 || !nameAt(i + nameOffset, nameLength)) continue;
    if (patch.size !== undefined) view.setUint32(i + sizeOffset, patch.size, true);
    if (patch.method !== undefined) view.setUint16(i + methodOffset, patch.method, true);
    patched += 1;
  }
  expect(patched).toBe(2); // its local header and its central directory record
  return out;
}

const svg = (inner: string, rootAttributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${rootAttributes}>${inner}</svg>`;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const IMAGE = 'images/module-1-intro.svg';

describe.each(courseFolders().map((dir) => [path.basename(dir), dir]))(
  'the course in api/content/courses/%s',
  (_, dir) => {
    let files: Map<string, Uint8Array>;
    beforeAll(async () => {
      files = await readCourseFiles(dir);
    });

    it('is read as course.json and everything in modules/, quizzes/ and images/, by sorted POSIX path', () => {
      const names = [...files.keys()];
      expect(names).toEqual([...names].sort());
      const folder = (sub: string) => readdirSync(path.join(dir, sub)).map((f) => `${sub}/${f}`);
      expect(new Set(names)).toEqual(
        new Set(['course.json', ...folder('modules'), ...folder('quizzes'), ...folder('images')]),
      );
    });

    it('packs, unpacks to the same files, and packs again to the same bytes', () => {
      const zip = packCourseZip(files);
      const unpacked = unpackCourseZip(zip);
      expect([...unpacked.keys()]).toEqual([...files.keys()]);
      for (const [name, bytes] of files)
        expect(Buffer.from(unpacked.get(name)!).equals(bytes), name).toBe(true);
      expect(Buffer.from(packCourseZip(unpacked)).equals(zip)).toBe(true);
    });

    it('gives the loader the same course from an unpacked zip as from the folder', async () => {
      const fromZip = await readCourseFromFiles(unpackCourseZip(packCourseZip(files)));
      expect(fromZip).toEqual(await readCourse(dir));
    });
  },
);

describe('exporting and importing', () => {
  it('reads no platform files, hidden files or sub-folders from a course folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'coursekit-ziptest-'));
    try {
      for (const sub of ['modules', 'quizzes', 'images/drafts'])
        mkdirSync(path.join(dir, sub), { recursive: true });
      for (const name of [
        'course.json',
        'about.md',
        'README.md',
        'modules/module-1.md',
        'images/.DS_Store',
        'images/drafts/a.svg',
      ])
        writeFileSync(path.join(dir, name), name);
      expect([...(await readCourseFiles(dir)).keys()]).toEqual(['course.json', 'modules/module-1.md']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stamps every entry 1980-01-01 00:00, so packing on another day gives the same bytes', () => {
    const zip = packCourseZip(real);
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const stamps: string[] = [];
    for (let i = 0; i + 46 <= zip.length; i++)
      if (view.getUint32(i, true) === 0x02014b50)
        // a central directory record: DOS time at +12, date at +14
        stamps.push(`${view.getUint16(i + 14, true).toString(16)} ${view.getUint16(i + 12, true)}`);
    expect(stamps).toEqual(Array(real.size).fill('21 0')); // date 0x21 = 1980-01-01, time 0 = 00:00:00
  });

  it('packs the same files to the same bytes whatever order they come in', () => {
    const reversed = new Map([...real].reverse());
    expect(Buffer.from(packCourseZip(reversed)).equals(packCourseZip(real))).toBe(true);
  });

  it('removes its temporary folder after loading', async () => {
    const ours = () => readdirSync(tmpdir()).filter((name) => name.startsWith('coursekit-zip-'));
    const before = ours();
    await readCourseFromFiles(real);
    await expect(readCourseFromFiles(changed({ 'course.json': '{}' }))).rejects.toThrow();
    expect(ours()).toEqual(before);
  });

  it('accepts a zip with folder entries and data descriptors (as zip tools on macOS and Java write)', () => {
    const entries: Array<[string, Uint8Array]> = [
      ['images/', new Uint8Array()],
      ['modules/', new Uint8Array()],
    ];
    const zip = streamedZip([...entries, ...[...real].reverse()]);
    const files = unpackCourseZip(zip);
    expect([...files.keys()]).toEqual([...real.keys()]);
    expect(Buffer.from(packCourseZip(files)).equals(packCourseZip(real))).toBe(true);
  });
});

describe('refusing a zip that is not one', () => {
  it('refuses bytes that are not a zip', () => {
    const { file, problem } = refusal(text('PK but not really a zip file at all, just some text'));
    expect(file).toBe('(zip)');
    expect(problem).toMatch(/^is not a zip file or is corrupt/);
  });

  it('refuses a truncated zip', () => {
    const zip = courseZip();
    expect(refusal(zip.subarray(0, zip.length - 100)).file).toBe('(zip)');
  });

  it('refuses an entry whose compressed data is damaged, naming it', () => {
    const zip = packCourseZip(new Map([['course.json', real.get('course.json')!]]));
    const damaged = zip.slice();
    for (let i = 60; i < 400; i++) damaged[i] = 0xff; // inside course.json's deflate stream
    const { file, problem } = refusal(damaged);
    expect(file).toBe('course.json');
    expect(problem).toMatch(/corrupt|inflates to/);
  });

  it('refuses a compression method other than stored or deflate, naming the entry', () => {
    const zip = patchHeaders(courseZip(), 'course.json', { method: 12 });
    expect(refusal(zip)).toEqual({
      file: 'course.json',
      problem: 'uses compression method 12; only stored and deflate are supported',
    });
  });
});

describe('refusing paths that are not course files', () => {
  it.each([
    ['../evil.md', /points outside the course folder/],
    ['modules/../../etc/cron.d/x', /points outside the course folder/],
    ['/etc/passwd', /is an absolute path/],
    ['images\\module-9.svg', /backslash/],
    ['C:/course.json', /drive letter/],
    ['c:evil.json', /drive letter/],
    ['about.md', /is not part of a course/],
    ['README.md', /is not part of a course/],
    ['scripts/run.js', /is not part of a course/],
    ['images/sub/x.svg', /is in a sub-folder of images\//],
    ['modules/notes.md', /must be named module-N\.md/],
    ['quizzes/module-1.yaml', /must be named module-N\.json/],
    ['images/run.exe', /must be a \.svg, \.png/],
    ['images/.DS_Store', /must be a \.svg, \.png/],
  ])('refuses %s', (name, expected) => {
    const { file, problem } = refusal(courseZip({ [name]: 'x' }));
    expect(file).toBe(name);
    expect(problem).toMatch(expected);
  });

  it('refuses the same path twice', () => {
    const course = real.get('course.json')!;
    const zip = streamedZip([
      ['course.json', course],
      ['course.json', course],
    ]);
    expect(refusal(zip)).toEqual({ file: 'course.json', problem: 'appears twice in the zip' });
  });

  it('refuses two paths that differ only in case (one file on macOS and Windows)', () => {
    const zip = courseZip({ 'images/Module-1-intro.svg': real.get(IMAGE)! });
    expect(refusal(zip)).toEqual({ file: IMAGE, problem: 'appears twice in the zip' });
  });

  it('never writes a bad path to disk when asked to load files directly', async () => {
    await expect(readCourseFromFiles(changed({ '../escape.json': '{}' }))).rejects.toThrow(
      '../escape.json: points outside the course folder (..)',
    );
  });
});

describe('refusing zip bombs', () => {
  const zeros = new Uint8Array(50_000_000);

  it('refuses more entries than the limit before reading any', () => {
    const many = new Map([...Array(501).keys()].map((i) => [`images/i-${i}.svg`, text('x')] as const));
    expect(refusal(packCourseZip(many))).toEqual({ file: '(zip)', problem: 'has more than 500 entries' });
  });

  it('refuses an entry that declares more than its limit (50 MB of zeros, 48 KiB compressed)', () => {
    const zip = zipSync({ 'course.json': real.get('course.json')!, 'images/big.png': zeros });
    expect(zip.length).toBeLessThan(100 * KiB);
    expect(refusal(zip)).toEqual({
      file: 'images/big.png',
      problem: 'declares 47.7 MiB uncompressed; the limit is 5 MiB',
    });
  });

  it('refuses a module markdown over its limit', () => {
    const { file, problem } = refusal(courseZip({ 'modules/module-1.md': 'x'.repeat(600 * KiB) }));
    expect(file).toBe('modules/module-1.md');
    expect(problem).toBe('declares 600 KiB uncompressed; the limit is 512 KiB');
  });

  it('refuses a zip whose entries declare more than the total limit together', () => {
    const fourMiB = new Uint8Array(4 * MiB);
    fourMiB.set(PNG);
    const images = Object.fromEntries([1, 2, 3, 4, 5, 6].map((i) => [`images/big-${i}.png`, fourMiB]));
    expect(refusal(courseZip(images))).toEqual({
      file: '(zip)',
      problem: 'declares 24.3 MiB uncompressed in all; the limit is 20 MiB',
    });
  });

  it('refuses an entry that inflates past a declared size that lies (50 MB declared as 1000 bytes)', () => {
    const honest = zipSync({ 'course.json': real.get('course.json')!, 'images/big.png': zeros });
    const lying = patchHeaders(honest, 'images/big.png', { size: 1000 });
    expect(refusal(lying)).toEqual({
      file: 'images/big.png',
      problem: 'inflates to more than its declared 1000 bytes (a zip bomb or a corrupt zip)',
    });
  });

  it('refuses an entry that inflates to less than it declares', () => {
    const course = real.get('course.json')!;
    const lying = patchHeaders(packCourseZip(new Map([['course.json', course]])), 'course.json', {
      size: course.length + 100,
    });
    expect(refusal(lying)).toEqual({
      file: 'course.json',
      problem: `inflates to ${course.length} bytes, not the declared ${course.length + 100}`,
    });
  });
});

describe('refusing an incomplete course', () => {
  it('refuses a zip without course.json', () => {
    expect(refusal(courseZip({ 'course.json': null }))).toEqual({
      file: 'course.json',
      problem: 'is missing',
    });
  });

  it('refuses a module course.json lists without its markdown', () => {
    expect(refusal(courseZip({ 'modules/module-3.md': null }))).toEqual({
      file: 'modules/module-3.md',
      problem: 'is missing (course.json lists module 3)',
    });
  });

  it('refuses a module course.json lists without its quiz', () => {
    expect(refusal(courseZip({ 'quizzes/module-2.json': null }))).toEqual({
      file: 'quizzes/module-2.json',
      problem: 'is missing (course.json lists module 2)',
    });
  });

  it('refuses a lesson that shows an image the zip does not contain', () => {
    expect(refusal(courseZip({ [IMAGE]: null }))).toEqual({
      file: 'modules/module-1.md',
      problem: `shows /storage/image-assets/module-1-intro.svg, but the course has no ${IMAGE}`,
    });
  });

  it('refuses a lesson over the lesson size limit, naming the module file and the lesson', () => {
    const markdown = `${new TextDecoder().decode(real.get('modules/module-4.md'))}\n## A Very Long Lesson\n\n${'Facility data. '.repeat(14_000)}\n`;
    const { file, problem } = refusal(courseZip({ 'modules/module-4.md': markdown }));
    expect(file).toBe('modules/module-4.md');
    expect(problem).toBe('lesson "A Very Long Lesson" is 205.1 KiB; a lesson may be at most 200 KiB');
  });

  it('refuses a module file that is not UTF-8', () => {
    const latin1 = new Uint8Array([...text('# Module\n\n## Caf'), 0xe9, ...text('\n')]);
    expect(refusal(courseZip({ 'modules/module-5.md': latin1 }))).toEqual({
      file: 'modules/module-5.md',
      problem: 'is not UTF-8 text',
    });
  });
});

describe('refusing course.json and quizzes the loader would reject', () => {
  it('names the quiz file, the question and the field in plain words', () => {
    const quiz = realJson('quizzes/module-2.json') as { finalQuiz: Array<Record<string, unknown>> };
    quiz.finalQuiz[3]!.correct_answer = 'E';
    expect(refusal(courseZip({ 'quizzes/module-2.json': json(quiz) }))).toEqual({
      file: 'quizzes/module-2.json',
      problem: 'finalQuiz[3].correct_answer must be one of A, B, C, D',
    });
  });

  it('names a missing field', () => {
    const quiz = realJson('quizzes/module-1.json') as { preAssessment: Array<Record<string, unknown>> };
    delete quiz.preAssessment[0]!.question_text;
    expect(refusal(courseZip({ 'quizzes/module-1.json': json(quiz) }))).toEqual({
      file: 'quizzes/module-1.json',
      problem: 'preAssessment[0].question_text is missing (it must be text)',
    });
  });

  it('refuses a quiz whose moduleId is not its file’s', () => {
    const quiz = { ...realJson('quizzes/module-3.json'), moduleId: 4 };
    expect(refusal(courseZip({ 'quizzes/module-3.json': json(quiz) }))).toEqual({
      file: 'quizzes/module-3.json',
      problem: 'moduleId is 4, but the file is for module 3',
    });
  });

  it('refuses a quiz that is not JSON', () => {
    const { file, problem } = refusal(courseZip({ 'quizzes/module-1.json': '{ "moduleId": 1,' }));
    expect(file).toBe('quizzes/module-1.json');
    expect(problem).toMatch(/^is not valid JSON \(/);
  });

  it('refuses course.json with a bad slug, in the schema’s words', () => {
    const course = { ...realJson('course.json'), slug: 'Data Literacy' };
    expect(refusal(courseZip({ 'course.json': json(course) }))).toEqual({
      file: 'course.json',
      problem: 'slug must be lower-case words joined by hyphens',
    });
  });

  it('refuses course.json with a module id that is not a positive whole number', () => {
    const course = realJson('course.json') as { modules: Array<Record<string, unknown>> };
    course.modules[1]!.id = 2.5;
    expect(refusal(courseZip({ 'course.json': json(course) }))).toEqual({
      file: 'course.json',
      problem: 'modules[1].id must be a whole number',
    });
  });

  it('refuses course.json that lists a module id twice', () => {
    const course = realJson('course.json') as { modules: Array<Record<string, unknown>> };
    course.modules[4]!.id = 1;
    expect(refusal(courseZip({ 'course.json': json(course) }))).toEqual({
      file: 'course.json',
      problem: 'modules[4].id 1 is used by an earlier module too',
    });
  });

  it('refuses a question without a correct option', () => {
    const quiz = realJson('quizzes/module-1.json') as { finalQuiz: Array<Record<string, unknown>> };
    delete quiz.finalQuiz[1]!.correct_answer;
    expect(refusal(courseZip({ 'quizzes/module-1.json': json(quiz) }))).toEqual({
      file: 'quizzes/module-1.json',
      problem: 'finalQuiz[1].correct_answer must be one of A, B, C, D',
    });
  });

  it('refuses a quiz that draws more questions than its bank holds, naming the quiz and both numbers', () => {
    // The seed's final quiz: 5 questions in each of its 5 quiz files.
    const course = realJson('course.json') as { quizzes: { finalQuiz: Record<string, unknown> } };
    course.quizzes.finalQuiz.draw = 26;
    expect(refusal(courseZip({ 'course.json': json(course) }))).toEqual({
      file: 'course.json',
      problem: 'quizzes.finalQuiz.draw: The final quiz draws 26 questions but its bank holds 25.',
    });
  });

  it('refuses a draw that is not a whole number of at least one', () => {
    for (const [draw, words] of [
      [0, 'must be at least 1'],
      [2.5, 'must be a whole number'],
    ] as const) {
      const course = realJson('course.json') as { quizzes: { preAssessment: Record<string, unknown> } };
      course.quizzes.preAssessment.draw = draw;
      expect(refusal(courseZip({ 'course.json': json(course) }))).toEqual({
        file: 'course.json',
        problem: `quizzes.preAssessment.draw ${words}`,
      });
    }
  });

  it('accepts a draw up to the bank’s size, with shuffled options', () => {
    const course = realJson('course.json') as { quizzes: { finalQuiz: Record<string, unknown> } };
    course.quizzes.finalQuiz.draw = 25;
    course.quizzes.finalQuiz.shuffleOptions = true;
    expect(unpackCourseZip(courseZip({ 'course.json': json(course) })).size).toBe(real.size);
  });

  it('refuses course.json that is not an object', () => {
    expect(refusal(courseZip({ 'course.json': '[]' }))).toEqual({
      file: 'course.json',
      problem: 'the file must be an object',
    });
  });
});

describe('refusing images that are not what they say', () => {
  it.each([
    [
      'images/photo.png',
      'text',
      'not a picture',
      'is not a PNG image (its first bytes are not a PNG signature)',
    ],
    ['images/photo.gif', 'PNG bytes', PNG, 'is a PNG image, but its name says GIF'],
    ['images/photo.jpg', 'GIF bytes', text('GIF89a....'), 'is a GIF image, but its name says JPEG'],
    ['images/photo.svg', 'PNG bytes', PNG, 'is a PNG image, not an SVG'],
    [
      'images/photo.svg',
      'an HTML document',
      '<html><body>hi</body></html>',
      'is XML, but its root is <html>, not <svg>',
    ],
    [
      'images/photo.svg',
      'an <svg> without its namespace',
      '<svg viewBox="0 0 1 1"></svg>',
      /without the SVG namespace/,
    ],
    ['images/photo.svg', 'plain text', 'just text', /^is not well-formed XML/],
    ['images/photo.svg', 'an unclosed element', svg('<rect>'), /^is not well-formed XML/],
  ])('refuses %s holding %s', (name, _, content, expected) => {
    const { file, problem } = refusal(courseZip({ [name]: content }));
    expect(file).toBe(name);
    if (typeof expected === 'string') expect(problem).toBe(expected);
    else expect(problem).toMatch(expected);
  });

  it.each([
    ['images/ok.png', PNG],
    ['images/ok.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])],
    ['images/ok.jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0, 16])],
    ['images/ok.gif', text('GIF87a\x01\x00\x01\x00')],
    ['images/ok.webp', new Uint8Array([...text('RIFF'), 4, 0, 0, 0, ...text('WEBPVP8 ')])],
  ])('accepts %s holding its format', (name, content) => {
    expect(unpackCourseZip(courseZip({ [name]: content })).get(name)).toEqual(content);
  });
});

describe('refusing SVGs that run script or reach outside the file', () => {
  it.each([
    ['a <script>', svg('<script>alert(1)</script>'), 'contains a <script> element'],
    [
      'a namespaced <script>',
      svg('<x:script xmlns:x="http://www.w3.org/2000/svg"/>'),
      'contains a <script> element',
    ],
    [
      'an onload attribute',
      svg('<rect/>', ' onload="alert(1)"'),
      'has an event handler attribute (onload on <svg>)',
    ],
    [
      'an onclick attribute',
      svg('<g><rect onClick="x()"/></g>'),
      'has an event handler attribute (onClick on <rect>)',
    ],
    [
      'a javascript: href',
      svg('<a href="javascript:alert(1)"><rect/></a>'),
      'has a javascript: URL (href on <a>)',
    ],
    [
      'a javascript: xlink:href hidden by a tab entity',
      svg('<a xlink:href="java&#x09;script:alert(1)"><rect/></a>'),
      'has a javascript: URL (xlink:href on <a>)',
    ],
    [
      'a data: href',
      svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>'),
      'has a data: URL (href on <image>)',
    ],
    [
      'a <foreignObject>',
      svg('<foreignObject><div>hi</div></foreignObject>'),
      'contains a <foreignObject> element',
    ],
    [
      'an https image',
      svg('<image xlink:href="https://example.com/x.png"/>'),
      'refers to something outside the file (xlink:href on <image>="https://example.com/x.png")',
    ],
    [
      'an http link',
      svg('<a href="http://example.com/"><rect/></a>'),
      'refers to something outside the file (href on <a>="http://example.com/")',
    ],
    ['an external <use>', svg('<use href="other.svg#icon"/>'), /^refers to something outside the file/],
    [
      'a url() to a server',
      svg('<rect style="fill: url(\'https://example.com/p.svg#g\')"/>'),
      'refers to something outside the file (url(https://example.com/p.svg#g) in style on <rect>)',
    ],
    [
      'a <style> @import',
      svg('<style>@import "https://example.com/x.css";</style>'),
      'imports a stylesheet (<style>)',
    ],
    ['a <set> that changes href', svg('<a><set attributeName="href" to="#x"/></a>'), /changes a link/],
    [
      'an xml-stylesheet',
      `<?xml-stylesheet href="https://example.com/x.css"?>${svg('')}`,
      /loads a stylesheet/,
    ],
    [
      'an entity declaration',
      `<!DOCTYPE svg [<!ENTITY js "javascript">]>${svg('<a href="&js;:alert(1)"/>')}`,
      'declares XML entities (<!ENTITY>)',
    ],
  ])('refuses %s', (_, content, expected) => {
    const { file, problem } = refusal(courseZip({ [IMAGE]: content }));
    expect(file).toBe(IMAGE);
    if (typeof expected === 'string') expect(problem).toBe(expected);
    else expect(problem).toMatch(expected);
  });

  it('accepts references inside the file (url(#id), href="#id")', () => {
    const content = svg('<defs><marker id="m"/></defs><line marker-end="url(#m)"/><use href="#m"/>');
    expect(unpackCourseZip(courseZip({ [IMAGE]: content })).get(IMAGE)).toEqual(text(content));
  });
});
