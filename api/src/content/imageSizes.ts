import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_BUCKET } from '@coursekit/core';
import { imageSize } from 'image-size';

const STORED_IMAGE = new RegExp(`^/storage/${IMAGE_BUCKET}/([^/?#]+)$`);

/**
 * Gives each course image of a lesson its width and height, read from the file in `imagesDir` (an
 * SVG's viewBox, a raster image's header), so the browser reserves its box and the lesson text does
 * not jump when the image arrives. Images that have a size already, live elsewhere, or cannot be
 * read are left as they are.
 */
export function withImageSizes(html: string, imagesDir: string): string {
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    if (/\s(?:width|height)=/i.test(tag)) return tag;
    const src = /\ssrc="([^"]*)"/i.exec(tag)?.[1] ?? '';
    const name = decodeURIComponent(STORED_IMAGE.exec(src)?.[1] ?? '');
    if (!name || path.basename(name) !== name) return tag;
    try {
      const { width, height } = imageSize(readFileSync(path.join(imagesDir, name)));
      if (!width || !height) return tag;
      return tag.replace(/\s*\/?>$/, ` width="${Math.round(width)}" height="${Math.round(height)}">`);
    } catch {
      return tag; // a missing or unreadable file: the image shows unsized, as before
    }
  });
}
