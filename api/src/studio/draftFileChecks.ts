import { DRAFT_PATH_PATTERN, type DraftSaveBody, draftFileKind, notBase64 } from '@coursekit/core';
import { checkCourseFile } from '../content/courseChecks';
import { CourseZipError } from '../content/courseFileRules';
import { fail } from '../http/errors';
import { type CourseRow, decoder, isImage } from './draft';

// What a studio save may write: a path a course folder holds, a body of the file's kind, and
// content the zip import would accept.

/** The bytes a save carries, after checking that the file's kind and the body's field agree. */
export function bodyBytes(filePath: string, body: DraftSaveBody): Uint8Array {
  if (isImage(filePath)) {
    if (body.base64 === undefined || body.text !== undefined)
      throw fail('invalid_request', draftFileKind(filePath, 'base64'));
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body.base64) || body.base64.length % 4 !== 0)
      throw fail('invalid_request', notBase64(filePath));
    return new Uint8Array(Buffer.from(body.base64, 'base64'));
  }
  if (body.text === undefined || body.base64 !== undefined)
    throw fail('invalid_request', draftFileKind(filePath, 'text'));
  return new TextEncoder().encode(body.text);
}

export function checkPath(filePath: string): void {
  if (!DRAFT_PATH_PATTERN.test(filePath)) {
    // The zip import's words for what a course folder may hold.
    try {
      checkCourseFile(filePath, new Uint8Array());
    } catch (err) {
      if (err instanceof CourseZipError) throw fail('invalid_request', err.message);
    }
    throw fail('invalid_request', `${filePath}: is not a file of a course folder`);
  }
}

/** A file's content checked as the zip import checks it, and course.json keeping the course's slug. */
export function checkContent(course: CourseRow, filePath: string, content: Uint8Array): void {
  try {
    checkCourseFile(filePath, content);
  } catch (err) {
    if (err instanceof CourseZipError) throw fail('invalid_request', err.message);
    throw err;
  }
  if (filePath === 'course.json') {
    const { slug } = JSON.parse(decoder.decode(content)) as { slug: string };
    if (slug !== course.slug)
      throw fail(
        'invalid_request',
        `course.json: slug is "${slug}", but this is the course "${course.slug}" (a slug does not change)`,
      );
  }
}
