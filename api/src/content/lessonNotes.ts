import { lessonNotes } from '@coursekit/core';

const decoder = new TextDecoder();

/** core's lessonNotes on a course's files as stored (a draft, a version, an unpacked zip). */
export function lessonNotesOf(files: ReadonlyMap<string, Uint8Array>): string[] {
  const modules = [...files]
    .filter(([path]) => path.startsWith('modules/') && path.endsWith('.md'))
    .map(([path, bytes]) => ({ path, text: decoder.decode(bytes) }));
  return lessonNotes(modules);
}
