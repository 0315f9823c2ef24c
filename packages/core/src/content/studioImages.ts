import type { StudioOutline, StudioOutlineImage } from './studioOutline';

// The course's images as its media library judges them: where each is used, whether learners who
// cannot see it are told what it shows, and whether it is too heavy for a lesson (with the size to
// save it at instead). Pure: the pixel size is read from the image's own header bytes.

/** An image heavier than this slows a lesson on a phone connection. */
export const LESSON_IMAGE_MAX_BYTES = 500 * 1024;
/** Wider than this, a lesson never shows every pixel (its column is narrower, even on a wide screen). */
export const LESSON_IMAGE_MAX_WIDTH = 1600;

export interface PixelSize {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 0x10000 + u16be(b, i + 2);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

function jpegSize(b: Uint8Array): PixelSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    // Start-of-frame markers (not DHT, JPG or DAC) carry the frame's height and width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

function svgSize(b: Uint8Array): PixelSize | null {
  const text = new TextDecoder().decode(b.subarray(0, 4096));
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!tag) return null;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const px = (v: string | undefined) => (v && /^\s*[\d.]+\s*(px)?\s*$/.test(v) ? Number.parseFloat(v) : null);
  const box = attr('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const width = px(attr('width')) ?? box?.[2] ?? null;
  const height = px(attr('height')) ?? box?.[3] ?? null;
  return width && height ? { width: Math.round(width), height: Math.round(height) } : null;
}

/** An image's size in pixels from its bytes (PNG, JPEG, GIF, WebP, SVG); null when unreadable. */
export function imagePixelSize(b: Uint8Array): PixelSize | null {
  if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, 4) === 'PNG')
    return { width: u32be(b, 16), height: u32be(b, 20) };
  if (b.length >= 10 && ascii(b, 0, 3) === 'GIF') return { width: u16le(b, 6), height: u16le(b, 8) };
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b);
  if (b.length >= 30 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') {
    const kind = ascii(b, 12, 16);
    if (kind === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
    if (kind === 'VP8L') {
      const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (kind === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    return null;
  }
  return svgSize(b);
}

/** What the library says of one image, as meanings (the studio's words are below). */
export interface ImageCheck {
  unused: boolean;
  /** Lessons that show it without saying what it shows. */
  undescribedIn: StudioOutlineImage['usedIn'];
  /** Too heavy or too wide for a lesson, with the size to save it at instead; null when it fits. */
  tooLarge: { bytes: number; size: PixelSize | null; suggested: PixelSize | null } | null;
}

/** Checks one image of the outline, given its bytes' length and its pixel size (when read). */
export function checkImage(image: StudioOutlineImage, bytes: number, size: PixelSize | null): ImageCheck {
  const wide = size !== null && size.width > LESSON_IMAGE_MAX_WIDTH;
  const heavy = bytes > LESSON_IMAGE_MAX_BYTES;
  const suggested =
    size && wide
      ? {
          width: LESSON_IMAGE_MAX_WIDTH,
          height: Math.round((size.height * LESSON_IMAGE_MAX_WIDTH) / size.width),
        }
      : size;
  return {
    unused: image.usedIn.length === 0,
    undescribedIn: image.usedIn.filter((u) => !u.alt.trim()),
    tooLarge: wide || heavy ? { bytes, size, suggested } : null,
  };
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/** The library's flags for an image, in the studio's words. */
export function imageCheckWords(check: ImageCheck): string[] {
  const words: string[] = [];
  if (check.unused) words.push('Not used in any lesson.');
  if (check.undescribedIn.length > 0)
    words.push(
      `No alt text in ${check.undescribedIn.map((u) => `Lesson ${u.lesson + 1} of Module ${u.module}`).join(', ')}: learners who cannot see it are not told what it shows.`,
    );
  const large = check.tooLarge;
  if (large) {
    const now = `${kb(large.bytes)}${large.size ? `, ${large.size.width} × ${large.size.height} px` : ''}`;
    const to = large.suggested ? `${large.suggested.width} × ${large.suggested.height} px, ` : '';
    words.push(`Too large for a lesson (${now}): save it at ${to}under ${kb(LESSON_IMAGE_MAX_BYTES)}.`);
  }
  return words;
}

/** An image as the studio names it outside the Source view: by what it shows, as a lesson describes it. */
export function imageLabel(outline: StudioOutline, path: string): string {
  const index = outline.images.findIndex((i) => i.path === path);
  const alt = outline.images[index]?.usedIn.find((u) => u.alt)?.alt;
  return alt ? `Image “${alt}”` : `Image ${index + 1} (not described)`;
}
