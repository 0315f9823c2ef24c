import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { withImageSizes } from './imageSizes';
import { readCourse, SEED_COURSE_DIR } from './loader';

const { document } = new JSDOM('').window;
const imagesOf = (html: string) => {
  const element = document.createElement('div');
  element.innerHTML = html;
  return [...element.querySelectorAll('img')];
};

/** A real PNG of the given size (one grey pixel per scanline byte), as an encoder writes it. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter byte of each scanline
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const scratch = mkdtempSync(path.join(tmpdir(), 'coursekit-images-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('lesson images get their width and height (no layout shift when they load)', () => {
  it('sizes every image of the real course from its SVG’s viewBox', async () => {
    const course = await readCourse();
    const images = course.lessons.flatMap((lesson) => imagesOf(lesson.html));
    expect(images).toHaveLength(25);
    for (const img of images) {
      const file = path.join(SEED_COURSE_DIR, 'images', path.basename(img.getAttribute('src')!));
      const viewBox = /viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(
        readFileSync(file, 'utf8'),
      );
      expect(viewBox, file).not.toBeNull();
      expect([img.getAttribute('width'), img.getAttribute('height')], file).toEqual([
        viewBox![1],
        viewBox![2],
      ]);
    }
  });

  it('reads a raster image’s size from its header', () => {
    writeFileSync(path.join(scratch, 'meter-photo.png'), png(640, 360));
    const html = withImageSizes(
      '<p><img src="/storage/image-assets/meter-photo.png" alt="A meter"></p>',
      scratch,
    );
    expect(html).toBe(
      '<p><img src="/storage/image-assets/meter-photo.png" alt="A meter" width="640" height="360"></p>',
    );
  });

  it('leaves alone an image that is sized already, lives elsewhere, is missing, or names another folder', () => {
    writeFileSync(path.join(scratch, 'chart.png'), png(10, 10));
    const html = [
      '<img width="5" height="5" src="/storage/image-assets/chart.png" alt="">',
      '<img src="https://cdn.example.org/chart.png" alt="">',
      '<img src="/storage/image-assets/missing.png" alt="">',
      '<img src="/storage/image-assets/..%2Fchart.png" alt="">',
    ].join('');
    expect(withImageSizes(html, scratch)).toBe(html);
  });
});
