import { describe, expect, it } from 'vitest';
import { checkImage, imageCheckWords, imageLabel, imagePixelSize } from './studioImages';
import { studioOutline } from './studioOutline';

const png = (width: number, height: number) => {
  const b = new Uint8Array(24);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
};
const text = (s: string) => new TextEncoder().encode(s);

describe('the media library’s checks', () => {
  it('reads an image’s pixel size from its bytes', () => {
    expect(imagePixelSize(png(2400, 1200))).toEqual({ width: 2400, height: 1200 });
    expect(imagePixelSize(text('GIF89a\x20\x03\x58\x02'))).toEqual({ width: 800, height: 600 });
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0x02, 0x58, 0x03, 0x20, 3, 0, 0,
    ]);
    expect(imagePixelSize(jpeg)).toEqual({ width: 800, height: 600 });
    expect(
      imagePixelSize(text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480"></svg>')),
    ).toEqual({
      width: 640,
      height: 480,
    });
    expect(imagePixelSize(text('not an image'))).toBeNull();
  });

  it('flags an image too wide or too heavy for a lesson with the size to save it at', () => {
    const image = { path: 'images/x.png', usedIn: [{ module: 1, lesson: 0, alt: 'A dial' }] };
    const check = checkImage(image, 900 * 1024, { width: 3200, height: 1800 });
    expect(check.tooLarge).toEqual({
      bytes: 900 * 1024,
      size: { width: 3200, height: 1800 },
      suggested: { width: 1600, height: 900 },
    });
    expect(imageCheckWords(check)).toEqual([
      'Too large for a lesson (900 KB, 3200 × 1800 px): save it at 1600 × 900 px, under 500 KB.',
    ]);
    expect(checkImage(image, 40 * 1024, { width: 1600, height: 900 }).tooLarge).toBeNull();
  });

  it('flags an unused image and a lesson that shows one without alt text', () => {
    expect(imageCheckWords(checkImage({ path: 'images/x.png', usedIn: [] }, 10, null))).toEqual([
      'Not used in any lesson.',
    ]);
    const undescribed = { path: 'images/x.png', usedIn: [{ module: 2, lesson: 1, alt: ' ' }] };
    expect(imageCheckWords(checkImage(undescribed, 10, null))).toEqual([
      'No alt text in Lesson 2 of Module 2: learners who cannot see it are not told what it shows.',
    ]);
  });

  it('names an image by what a lesson says it shows, never by its file name', () => {
    const outline = studioOutline([
      {
        path: 'modules/module-1.md',
        text: '# M\n\n## L\n\n![A gas meter dial](/storage/image-assets/c-dial.png)\n',
      },
      { path: 'images/c-dial.png', text: null },
      { path: 'images/c-other.png', text: null },
    ]);
    expect(imageLabel(outline, 'images/c-dial.png')).toBe('Image “A gas meter dial”');
    expect(imageLabel(outline, 'images/c-other.png')).toBe('Image 2 (not described)');
  });
});
