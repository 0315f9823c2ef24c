import { courseBanks, courseDrawProblems } from '../rules/quizBank';
import { type CourseFile, CourseFileSchema, type QuizFile, QuizFileSchema } from '../schemas/courseFile';
import { MIN_SECTION_LENGTH, splitModuleMarkdown } from './moduleMarkdown';

// A course draft as its authors think of it: the settings, each module's lessons and questions,
// the images and where each is used, with the problems that would block or surprise at publish
// beside the item they belong to. Pure: derived from the draft's files (course.json,
// modules/module-N.md, quizzes/module-N.json, images/…), so the studio's screens, the mocks and the
// server can name an item the same way.

/** The draft file of a module's lessons. */
export const moduleFilePath = (id: number) => `modules/module-${id}.md`;
/** The draft file of a module's questions. */
export const quizFilePath = (id: number) => `quizzes/module-${id}.json`;
/** Where a lesson's Markdown points at a draft image: `images/x.png` is `/storage/image-assets/x.png`. */
export const IMAGE_ASSET_PATH = '/storage/image-assets/';

/** A draft file as the outline reads it (text null: an image). */
export interface OutlineSourceFile {
  path: string;
  text: string | null;
}

export interface StudioOutlineLesson {
  /** Its `## ` title. */
  title: string;
  /** Characters of text under the title (a lesson needs more than MIN_SECTION_LENGTH). */
  characters: number;
  problems: string[];
}

export interface StudioOutlineModule {
  id: number;
  /** course.json's name for it, else its Markdown title, else ''. */
  name: string;
  /** False for module files course.json does not list (learners never see them). */
  listed: boolean;
  lessons: StudioOutlineLesson[];
  preAssessment: number;
  finalQuiz: number;
  /** The score that tests a learner out of it, in percent; null when test-out is off. */
  testOut: number | null;
  problems: string[];
}

export interface StudioOutlineImage {
  /** Its draft path (`images/…`): the studio shows it only in the Source view. */
  path: string;
  /** Every lesson showing it, with the alt text it gives there. */
  usedIn: Array<{ module: number; lesson: number; alt: string }>;
}

export interface StudioOutline {
  title: string;
  /** course.json does not parse: the outline shows what the other files hold. */
  settingsReadable: boolean;
  /** Each quiz's bank (every listed module's questions of its kind) and its draw (null: all). */
  quizzes: Record<'preAssessment' | 'finalQuiz', { bank: number; draw: number | null }>;
  settingsProblems: string[];
  modules: StudioOutlineModule[];
  images: StudioOutlineImage[];
}

const lessonTooShort = (characters: number): string =>
  `Too short to be a lesson: ${characters} of more than ${MIN_SECTION_LENGTH} characters. Learners will not see it.`;
const lessonImageMissing = (alt: string): string =>
  `The image “${alt || 'without alt text'}” is not in the course's images.`;
const objectiveUntested = (id: string, text: string): string =>
  `No question tests objective ${id} (“${text}”).`;
const moduleNotListed = 'Not in the course settings’ modules: learners will not see it.';

const IMAGE = /!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g;

function parseJson<T>(
  text: string | null | undefined,
  schema: { safeParse: (v: unknown) => { success: boolean; data?: T } },
): T | null {
  if (!text) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data ?? null) : null;
  } catch {
    return null;
  }
}

const idOf = (path: string, pattern: RegExp) => {
  const found = pattern.exec(path);
  return found ? Number(found[1]) : null;
};

/** The course's outline, from its draft's files. */
export function studioOutline(files: readonly OutlineSourceFile[]): StudioOutline {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const course = parseJson<CourseFile>(byPath.get('course.json')?.text, CourseFileSchema);
  const quizFiles = new Map<string, QuizFile>();
  for (const f of files) {
    const quiz = f.path.startsWith('quizzes/') ? parseJson<QuizFile>(f.text, QuizFileSchema) : null;
    if (quiz) quizFiles.set(f.path, quiz);
  }
  const ids = new Set(course?.modules.map((m) => m.id) ?? []);
  const unlisted = files
    .map((f) => idOf(f.path, /^modules\/module-(\d+)\.md$/))
    .filter((id): id is number => id !== null && !ids.has(id))
    .sort((x, y) => x - y);
  const images = files.filter((f) => f.path.startsWith('images/') && f.text === null);
  const imageNames = new Set(images.map((f) => f.path.slice('images/'.length)));
  const usedIn = new Map<string, StudioOutlineImage['usedIn']>();

  const moduleOf = (id: number, listed: boolean): StudioOutlineModule => {
    const entry = course?.modules.find((m) => m.id === id);
    const split = splitModuleMarkdown(byPath.get(moduleFilePath(id))?.text ?? '');
    const lessons = split.sections.map((section, index): StudioOutlineLesson => {
      const problems: string[] = [];
      if (section.body.length <= MIN_SECTION_LENGTH) problems.push(lessonTooShort(section.body.length));
      for (const [, alt = '', src = ''] of section.body.matchAll(IMAGE)) {
        if (!src.startsWith(IMAGE_ASSET_PATH)) continue;
        const name = decodeURIComponent(src.slice(IMAGE_ASSET_PATH.length));
        if (!imageNames.has(name)) problems.push(lessonImageMissing(alt));
        else usedIn.set(name, [...(usedIn.get(name) ?? []), { module: id, lesson: index, alt }]);
      }
      return { title: section.title, characters: section.body.length, problems };
    });
    const quiz = quizFiles.get(quizFilePath(id));
    const testOut = course?.testOut?.enabled ? (entry?.testOutScore ?? course.testOut.passingScore) : null;
    return {
      id,
      name: entry?.name || split.title,
      listed,
      lessons,
      preAssessment: quiz?.preAssessment.length ?? 0,
      finalQuiz: quiz?.finalQuiz.length ?? 0,
      testOut,
      problems: listed ? [] : [moduleNotListed],
    };
  };
  const modules = [
    ...(course?.modules ?? []).map((m) => moduleOf(m.id, true)),
    ...unlisted.map((id) => moduleOf(id, false)),
  ];

  const settingsProblems: string[] = [];
  const banks = course ? courseBanks(course, quizFiles) : { pre_assessment: 0, course: 0 };
  if (course) {
    settingsProblems.push(...Object.values(courseDrawProblems(course, banks)));
    const tested = new Set<string>();
    for (const { id } of course.modules) {
      const quiz = quizFiles.get(quizFilePath(id));
      for (const q of [...(quiz?.preAssessment ?? []), ...(quiz?.finalQuiz ?? [])])
        for (const objective of q.objectives ?? []) tested.add(objective);
    }
    for (const o of course.objectives)
      if (!tested.has(o.id)) settingsProblems.push(objectiveUntested(o.id, o.text));
  }
  return {
    title: course?.title ?? '',
    settingsReadable: course !== null,
    quizzes: {
      preAssessment: { bank: banks.pre_assessment, draw: course?.quizzes.preAssessment.draw ?? null },
      finalQuiz: { bank: banks.course, draw: course?.quizzes.finalQuiz.draw ?? null },
    },
    settingsProblems,
    modules,
    images: images.map((f) => ({ path: f.path, usedIn: usedIn.get(f.path.slice('images/'.length)) ?? [] })),
  };
}

/** A lesson as authors name it: "Lesson 2 of Module 1" (both counted from 1, modules by id). */
export const lessonNoun = (moduleId: number, lesson: number) => `Lesson ${lesson + 1} of Module ${moduleId}`;

/** What a draft file holds, in the outline's nouns (for a conflict or a save's message). */
export function draftFileNoun(path: string, outline?: StudioOutline): string {
  if (path === 'course.json') return 'The course settings';
  const lessons = idOf(path, /^modules\/module-(\d+)\.md$/);
  if (lessons !== null) return `The lessons of Module ${lessons}`;
  const questions = idOf(path, /^quizzes\/module-(\d+)\.json$/);
  if (questions !== null) return `The questions of Module ${questions}`;
  const image = outline?.images.find((i) => i.path === path);
  const alt = image?.usedIn[0]?.alt;
  return alt ? `The image “${alt}”` : 'An image';
}
