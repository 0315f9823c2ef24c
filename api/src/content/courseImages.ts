import { courseImageTaken, IMAGE_BUCKET } from '@coursekit/core';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../admin/analyticsSql';
import type { AppContext } from '../context';
import { fail } from '../http/errors';

// A course folder's images go to one flat bucket (/storage/image-assets/{name}) that every course's
// lessons share, so a course may only bring names no other course has. Used by the zip import and
// the studio's publish alike.

/** The folder's image paths (images/…). */
export const imagesOf = (files: ReadonlyMap<string, Uint8Array>): string[] =>
  [...files.keys()].filter((p) => p.startsWith('images/'));

/** Refuses (400, naming the file and the course) an image whose name another course's folder has. */
export async function refuseTakenImages(
  ctx: AppContext,
  slug: string,
  files: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
  const images = imagesOf(files);
  if (images.length === 0) return;
  const [taken] = await rowsOf<{ path: string; slug: string }>(
    ctx,
    sql`select f.path, c.slug from course_files f join courses c on c.id = f.course_id
      where c.slug <> ${slug} and f.path in (${sql.join(
        images.map((i) => sql`${i}`),
        sql`, `,
      )}) order by f.path limit 1`,
  );
  if (taken) throw fail('invalid_request', courseImageTaken(taken.path, taken.slug));
}

/** Copies the folder's images into the bucket learners' lessons load them from. */
export async function storeImages(ctx: AppContext, files: ReadonlyMap<string, Uint8Array>): Promise<void> {
  for (const image of imagesOf(files)) {
    await ctx.storage.put(IMAGE_BUCKET, image.slice('images/'.length), Buffer.from(files.get(image)!));
  }
}
