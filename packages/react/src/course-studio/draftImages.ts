import type { DraftFile, StudioAdapter } from '@coursekit/core';
import { useEffect, useMemo } from 'react';

const IMAGE_PATH = '/storage/image-assets/';

/**
 * Saves a picked image into the course's draft as `images/{course}-{name}` (the server sniffs its
 * type from the bytes, checks its size and refuses an unsafe SVG; its message says which).
 */
export async function uploadDraftImage(
  studio: StudioAdapter,
  course: string,
  picked: File,
): Promise<DraftFile> {
  return studio.save(course, draftImagePath(course, picked), { base64: await fileBase64(picked) }, null);
}

/** Where a picked image is saved in the draft: `images/{course}-{its name, made safe}`. */
export const draftImagePath = (course: string, picked: Pick<File, 'name'>) =>
  `images/${course}-${picked.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '')}`;

/** A picked file's bytes as base64 (what a draft image's save takes). */
export async function fileBase64(picked: Blob): Promise<string> {
  const bytes = new Uint8Array(await picked.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The path a lesson names a draft image by: `images/x.png` is `/storage/image-assets/x.png`. */
export const lessonImageSrc = (path: string) => `${IMAGE_PATH}${path.slice('images/'.length)}`;

/**
 * Shows a lesson's images from the draft: `/storage/image-assets/x.png` resolves to a blob URL of the
 * draft's `images/x.png`, fetched through the studio adapter (an <img> cannot send the session, and
 * the draft's image may not be published yet). Other sources resolve to themselves; the URLs are
 * revoked when the screen goes.
 */
export function useDraftImageUrls(studio: StudioAdapter, course: string) {
  const cache = useMemo(() => new Map<string, Promise<string>>(), []);
  useEffect(
    () => () => {
      for (const url of cache.values())
        void url.then((u) => (u.startsWith('blob:') ? URL.revokeObjectURL(u) : undefined));
      cache.clear();
    },
    [cache],
  );
  return useMemo(
    () =>
      (src: string): Promise<string> => {
        if (!src.startsWith(IMAGE_PATH) || typeof URL.createObjectURL !== 'function')
          return Promise.resolve(src);
        let url = cache.get(src);
        if (!url) {
          const path = `images/${decodeURIComponent(src.slice(IMAGE_PATH.length))}`;
          url = studio.file(course, path).then(
            (blob) => URL.createObjectURL(blob),
            () => src,
          );
          cache.set(src, url);
        }
        return url;
      },
    [studio, course, cache],
  );
}
