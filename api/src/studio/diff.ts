import { createHash } from 'node:crypto';
import { type CourseChanges, lessonKey } from '@coursekit/core';
import { diffLines } from 'diff';
import { parseModuleMarkdown } from '../content/moduleMarkdown';
import { type CourseFiles, sameFiles } from '../content/versions';

// What changed between two states of a course folder, as the studio's publish review and history
// show it. Lessons are matched by key exactly as the content pipeline matches them (so "changed"
// here is "keeps its learners' completions" there), questions by their place in their module's list.

type Change = 'added' | 'changed' | 'removed';

interface CourseJson {
  modules?: Array<{ id: number; name?: string }>;
  [field: string]: unknown;
}

const decoder = new TextDecoder();
const text = (bytes: Uint8Array | undefined) => (bytes ? decoder.decode(bytes) : undefined);

function json<T>(bytes: Uint8Array | undefined, fallback: T): T {
  try {
    return bytes ? (JSON.parse(decoder.decode(bytes)) as T) : fallback;
  } catch {
    return fallback; // a draft's files are checked on save; a broken one shows as all changed
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function change(before: unknown, after: unknown): Change | undefined {
  if (before === undefined) return after === undefined ? undefined : 'added';
  if (after === undefined) return 'removed';
  return same(before, after) ? undefined : 'changed';
}

/** The lessons of every module file, by key, in module and lesson order. */
function lessonsOf(files: CourseFiles) {
  const lessons = new Map<string, { module_id: number; title: string; body: string }>();
  const modules = [...files.keys()]
    .map((p) => /^modules\/module-(\d+)\.md$/.exec(p))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
  for (const id of modules) {
    for (const [index, section] of parseModuleMarkdown(
      text(files.get(`modules/module-${id}.md`))!,
    ).entries()) {
      lessons.set(lessonKey(id, index + 1, section.title), {
        module_id: id,
        title: section.title,
        body: section.body,
      });
    }
  }
  return lessons;
}

/** A line diff of two texts, line by line (unchanged lines included, so the review reads in context). */
function lineDiff(before: string, after: string): CourseChanges['lessons'][number]['diff'] {
  const lines: CourseChanges['lessons'][number]['diff'] = [];
  for (const part of diffLines(before, after)) {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    const partLines = part.value.replace(/\n$/, '').split('\n');
    for (const line of partLines) lines.push({ kind, text: line });
  }
  return lines;
}

interface QuizFile {
  preAssessment?: unknown[];
  finalQuiz?: unknown[];
}
const questionText = (q: unknown) =>
  q && typeof q === 'object' && 'question_text' in q
    ? String((q as { question_text: unknown }).question_text)
    : null;

/** What differs from `before` to `after` (either may be empty: a course's first version, say). */
export function diffCourse(before: CourseFiles, after: CourseFiles): CourseChanges {
  const changes: CourseChanges = { course: [], modules: [], lessons: [], questions: [], images: [] };

  const a = json<CourseJson>(before.get('course.json'), {});
  const b = json<CourseJson>(after.get('course.json'), {});
  for (const field of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    if (field !== 'modules' && !same(a[field], b[field])) changes.course.push(field);
  }
  const modulesBefore = new Map((a.modules ?? []).map((m) => [m.id, m]));
  const modulesAfter = new Map((b.modules ?? []).map((m) => [m.id, m]));
  for (const id of [...new Set([...modulesBefore.keys(), ...modulesAfter.keys()])].sort((x, y) => x - y)) {
    const kind = change(modulesBefore.get(id), modulesAfter.get(id));
    const name = modulesAfter.get(id)?.name ?? modulesBefore.get(id)?.name ?? `Module ${id}`;
    if (kind) changes.modules.push({ id, name, change: kind });
  }

  const lessonsBefore = lessonsOf(before);
  const lessonsAfter = lessonsOf(after);
  for (const key of new Set([...lessonsBefore.keys(), ...lessonsAfter.keys()])) {
    const was = lessonsBefore.get(key);
    const is = lessonsAfter.get(key);
    const kind = change(was?.body, is?.body);
    if (!kind) continue;
    const lesson = (is ?? was)!;
    changes.lessons.push({
      module_id: lesson.module_id,
      key,
      title: lesson.title,
      change: kind,
      diff: kind === 'changed' ? lineDiff(was!.body, is!.body) : [],
    });
  }
  changes.lessons.sort((x, y) => x.module_id - y.module_id);

  const quizPaths = [...new Set([...before.keys(), ...after.keys()])]
    .filter((p) => p.startsWith('quizzes/'))
    .sort();
  for (const path of quizPaths) {
    const moduleId = Number(/module-(\d+)/.exec(path)?.[1] ?? 0);
    const was = json<QuizFile>(before.get(path), {});
    const is = json<QuizFile>(after.get(path), {});
    for (const [quiz, list] of [
      ['pre_assessment', 'preAssessment'],
      ['course', 'finalQuiz'],
    ] as const) {
      const x = was[list] ?? [];
      const y = is[list] ?? [];
      for (let i = 0; i < Math.max(x.length, y.length); i++) {
        const kind = change(x[i], y[i]);
        if (kind)
          changes.questions.push({
            module_id: moduleId,
            quiz,
            number: i + 1,
            change: kind,
            before: questionText(x[i]),
            after: questionText(y[i]),
          });
      }
    }
  }

  const images = [...new Set([...before.keys(), ...after.keys()])]
    .filter((p) => p.startsWith('images/'))
    .sort();
  for (const path of images) {
    const x = before.get(path);
    const y = after.get(path);
    const kind = !x
      ? 'added'
      : !y
        ? 'removed'
        : sameFiles(new Map([[path, x]]), new Map([[path, y]]))
          ? undefined
          : 'changed';
    if (kind) changes.images.push({ path, change: kind });
  }
  return changes;
}

/** A folder's fingerprint: what a publish names to say "the draft I reviewed". */
export function filesHash(files: CourseFiles): string {
  const hash = createHash('sha256');
  for (const path of [...files.keys()].sort()) {
    hash
      .update(path)
      .update('\0')
      .update(createHash('sha256').update(files.get(path)!).digest())
      .update('\0');
  }
  return hash.digest('hex');
}
