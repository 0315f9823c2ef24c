import {
  type CourseFile,
  courseBanks,
  courseDrawProblems,
  describeFileIssue,
  IMAGE_BUCKET,
} from '@coursekit/core';
import { marked, type Token, type Tokens } from 'marked';
import type * as z from 'zod/mini';
import {
  bytes,
  CourseZipError,
  DEFAULT_ZIP_LIMITS,
  type EntryKind,
  entryKind,
  errorText,
  fail,
  sizeLimit,
  utf8,
  WHOLE_ZIP,
  type ZipLimits,
} from './courseFileRules';
import { checkImage } from './imageChecks';
import { CourseFileSchema, QuizFileSchema } from './loader';
import { parseModuleMarkdown } from './moduleMarkdown';

// A course's files checked as a course: course.json's and the quizzes' schemas, each module's
// lessons (size, markdown only, alt text) and the images they show, a quiz draw within its bank.

/**
 * Checks one file of a course folder on its own, as the studio saves it: its path, its size, and
 * its content (course.json's and a quiz's schema, a module's lesson sizes, an image's type and an
 * SVG's safety). Throws CourseZipError naming the file and the problem.
 */
export function checkCourseFile(name: string, content: Uint8Array, limits: Partial<ZipLimits> = {}): void {
  const max = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const kind = entryKind(name);
  if (kind === 'folder') fail(name, 'is a folder, not a file');
  const limit = sizeLimit(kind, max);
  if (content.length > limit) fail(name, `is ${bytes(content.length)}; the limit is ${bytes(limit)}`);
  if (kind === 'course') checkCourseJson(content);
  else if (kind === 'quiz') checkQuiz(name, content);
  else if (kind === 'image') checkImage(name, content);
  else checkLessons(name, utf8(name, content), max);
}

/**
 * Checks a whole course folder, as publishing a studio draft does: every file on its own, the
 * limits of the whole, and what the files say of each other (each module's markdown and quiz
 * present, every image a lesson shows present). Throws CourseZipError for the first problem.
 */
export function checkCourseFiles(files: Map<string, Uint8Array>, limits: Partial<ZipLimits> = {}): void {
  const max = { ...DEFAULT_ZIP_LIMITS, ...limits };
  if (files.size > max.maxEntries) fail(WHOLE_ZIP, `has more than ${max.maxEntries} files`);
  let total = 0;
  for (const [name, content] of files) {
    const kind = entryKind(name);
    const limit = sizeLimit(kind, max);
    if (content.length > limit) fail(name, `is ${bytes(content.length)}; the limit is ${bytes(limit)}`);
    total += content.length;
  }
  if (total > max.maxTotalBytes)
    fail(WHOLE_ZIP, `is ${bytes(total)} in all; the limit is ${bytes(max.maxTotalBytes)}`);
  checkCourse(files, max);
}

export function checkCourse(files: Map<string, Uint8Array>, max: ZipLimits): void {
  const course = checkCourseJson(files.get('course.json'));
  for (const { id } of course.modules) {
    for (const needed of [`modules/module-${id}.md`, `quizzes/module-${id}.json`])
      if (!files.has(needed)) fail(needed, `is missing (course.json lists module ${id})`);
  }
  // Images last: parsing SVGs is the slow part, and a course's text is where most mistakes are.
  const named = (kind: EntryKind) => [...files].filter(([name]) => entryKind(name) === kind);
  for (const [name, content] of named('module')) checkModule(name, content, files, max);
  const quizzes = new Map(named('quiz').map(([name, content]) => [name, checkQuiz(name, content)]));
  // A draw over its bank would fail every attempt: refused here, before anything is saved.
  for (const [field, problem] of Object.entries(courseDrawProblems(course, courseBanks(course, quizzes))))
    fail('course.json', `${field}: ${problem}`);
  for (const [name, content] of named('image')) checkImage(name, content);
}

function checkCourseJson(content: Uint8Array | undefined): CourseFile {
  const name = 'course.json';
  if (!content) fail(name, 'is missing');
  const course = parseWith(CourseFileSchema, name, content);
  const ids = new Set<number>();
  for (const [i, { id }] of course.modules.entries()) {
    if (ids.has(id)) fail(name, `modules[${i}].id ${id} is used by an earlier module too`);
    ids.add(id);
  }
  return course;
}

function checkQuiz(name: string, content: Uint8Array): z.infer<typeof QuizFileSchema> {
  const quiz = parseWith(QuizFileSchema, name, content);
  const fileId = Number(/module-(\d+)\.json$/.exec(name)![1]);
  if (quiz.moduleId !== fileId)
    fail(name, `moduleId is ${quiz.moduleId}, but the file is for module ${fileId}`);
  return quiz;
}

const IMAGE_REFERENCE = new RegExp(`/storage/${IMAGE_BUCKET}/([^\\s)"'<>?#]+)`, 'g');

function checkModule(
  name: string,
  content: Uint8Array,
  files: Map<string, Uint8Array>,
  max: ZipLimits,
): void {
  const markdown = checkLessons(name, utf8(name, content), max);
  for (const [reference, file] of markdown.matchAll(IMAGE_REFERENCE)) {
    const image = `images/${safeDecode(file!)}`;
    if (!files.has(image)) fail(name, `shows ${reference}, but the course has no ${image}`);
  }
}

/** A module's lessons each within the size limit and markdown only; answers the markdown. */
function checkLessons(name: string, markdown: string, max: ZipLimits): string {
  for (const lesson of parseModuleMarkdown(markdown)) {
    const size = Buffer.byteLength(lesson.body, 'utf8');
    if (size > max.maxLessonBytes)
      fail(
        name,
        `lesson "${lesson.title}" is ${bytes(size)}; a lesson may be at most ${bytes(max.maxLessonBytes)}`,
      );
    const tokens = marked.lexer(lesson.body, { gfm: true });
    // The sanitiser would drop it silently; the author learns what is wrong with their text instead.
    const html = findToken(tokens, (t) => t.type === 'html');
    if (html)
      fail(
        name,
        `lesson "${lesson.title}" contains HTML (${html.raw.trim().slice(0, 60)}); lessons are markdown only`,
      );
    const unlabelled = findToken(tokens, (t) => t.type === 'image' && !String(t.text ?? '').trim());
    if (unlabelled)
      fail(
        name,
        `lesson "${lesson.title}" shows ${(unlabelled as Tokens.Image).href} without alt text: describe the image for learners who cannot see it`,
      );
  }
  return markdown;
}

/** The first token of a markdown token tree (blocks, inline, list items, table cells) that `test` accepts. */
function findToken(tokens: readonly Token[], test: (token: Token) => boolean): Token | undefined {
  for (const token of tokens) {
    if (test(token)) return token;
    const children = [
      ...(('tokens' in token && token.tokens) || []),
      ...(token.type === 'list' ? token.items : []),
      ...(token.type === 'table'
        ? [...token.header, ...token.rows.flat()].flatMap((cell) => cell.tokens)
        : []),
    ] as Token[];
    const found = findToken(children, test);
    if (found) return found;
  }
  return undefined;
}

/** Parses a JSON file with one of the loader's schemas; the first issue in plain words if it fails. */
function parseWith<T>(schema: z.ZodMiniType<T>, name: string, content: Uint8Array): T {
  let json: unknown;
  try {
    json = JSON.parse(utf8(name, content));
  } catch (e) {
    if (e instanceof CourseZipError) throw e;
    fail(name, `is not valid JSON (${errorText(e)})`);
  }
  const result = schema.safeParse(json, { reportInput: true });
  if (!result.success) fail(name, describeFileIssue(result.error.issues[0]!));
  return result.data;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
