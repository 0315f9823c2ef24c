import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded and seeded files live; a directory today, room for an S3-compatible bucket. */
export interface Storage {
  put(bucket: string, name: string, data: Uint8Array): Promise<void>;
  get(bucket: string, name: string): Promise<Uint8Array | null>;
  list(bucket: string): Promise<string[]>;
}

const SAFE = /^[a-z0-9][a-z0-9._-]{0,200}$/i;

/** A directory per bucket under `root` (DATA_DIR/storage). Names are checked: no paths. */
export function directoryStorage(root: string): Storage {
  const file = (bucket: string, name: string) => {
    if (!SAFE.test(bucket) || !SAFE.test(name) || name.includes('..')) return null;
    return path.join(root, bucket, name);
  };
  return {
    async put(bucket, name, data) {
      const target = file(bucket, name);
      if (!target) throw new Error(`Invalid storage name ${bucket}/${name}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
    },
    async get(bucket, name) {
      const target = file(bucket, name);
      if (!target) return null;
      try {
        return await readFile(target);
      } catch {
        return null;
      }
    },
    async list(bucket) {
      if (!SAFE.test(bucket)) return [];
      try {
        return (await readdir(path.join(root, bucket))).sort();
      } catch {
        return [];
      }
    },
  };
}

export const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};
