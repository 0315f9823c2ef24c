const SLUG_MAX_LENGTH = 60;

/** A title as a key segment: lowercase ASCII letters and digits joined by underscores. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/_+$/, '');
}

/**
 * learner §9: a lesson's stable key, `module_{moduleId}_{order}_{slug of title}`, or
 * `module_{moduleId}_lesson_{order}` when the title gives no slug. Progress is tracked by this key,
 * so it must not change when lesson ids do.
 */
export function lessonKey(moduleId: number, order: number, title: string | null | undefined): string {
  const slug = slugify(title ?? '');
  return slug ? `module_${moduleId}_${order}_${slug}` : `module_${moduleId}_lesson_${order}`;
}

/** learner §9: the content hash is SHA-256, as lowercase hex. Web Crypto: browsers and Node alike. */
export async function contentHash(content: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(content));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
