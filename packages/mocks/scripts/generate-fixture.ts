/// <reference types="node" />
/**
 * Generates packages/mocks/src/fixtures/course.generated.json from the course's content files
 * (api/content): the outline facts of course.json, each module's lessons as the API splits them
 * (every `## ` section of modules/module-N.md longer than 100 characters is a lesson) with the
 * opening paragraphs of their text, and a few questions of each quiz. The mocks serve this file, so
 * no fact of the course is typed into their sources.
 *
 * Run: `npm run fixtures` (tsx packages/mocks/scripts/generate-fixture.ts). The mocks' test
 * src/fixtures/courseFixture.test.ts fails when the content changed and this was not run.
 *
 * Repo tooling, not package source: lessons are split by core's rule (`parseModuleMarkdown`), the
 * one the API's loader uses. The platform's words (api/content/platform.json and about.md) are the
 * memory store's settings.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { moduleTestOutScore, parseModuleMarkdown, type TestOutSetting } from '@coursekit/core';
import { marked, type Token, type Tokens } from 'marked';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(here, '../../..');
/** The reference course: the platform's default (api/content/platform.json), in its own folder. */
const PLATFORM_DIR = path.join(REPO, 'api/content');
const platform = JSON.parse(readFileSync(path.join(PLATFORM_DIR, 'platform.json'), 'utf8')) as {
  defaultCourse: string;
  siteName: string;
  owner: string;
  copyrightYear: number;
  supportEmail: string;
};
const { defaultCourse } = platform;
export const CONTENT_DIR = path.join(REPO, 'api/content/courses', defaultCourse);
/** The generated fixture. */
export const FIXTURE_FILE = path.join(REPO, 'packages/mocks/src/fixtures/course.generated.json');

/** How many opening paragraphs of a lesson the fixture keeps as its content. */
const OPENING_PARAGRAPHS = 2;
/**
 * Which questions the fixture's quizzes keep, as [module id, position in that module's quiz file]:
 * the mocks' quizzes stay short (4 pre-assessment questions, 5 course-quiz questions; the widgets'
 * tests count on those sizes), and span several modules.
 */
const PICKED_QUESTIONS = {
  preAssessment: [
    [1, 0],
    [3, 0],
    [4, 0],
    [5, 0],
  ],
  finalQuiz: [
    [1, 0],
    [1, 1],
    [3, 0],
    [3, 1],
    [4, 0],
  ],
} as const;

interface CourseFile {
  slug: string;
  title: string;
  description: string;
  estimatedTime: string;
  syllabusDuration: string;
  preAssessmentTime: string;
  audience?: string;
  objectives: Array<{ id: string; text: string }>;
  modules: Array<{
    id: number;
    name: string;
    summary?: string;
    description: string;
    durationMinutes?: number;
    testOutScore?: number;
  }>;
  testOut?: TestOutSetting;
  quizzes: Record<
    'preAssessment' | 'finalQuiz',
    { title: string; description: string; passingScore: number; passedMessage?: string }
  >;
}

interface QuestionFile {
  question_text: string;
  option_a: string;
  option_b: string;
  option_c: string;
  option_d: string;
  correct_answer: 'A' | 'B' | 'C' | 'D';
  explanation?: string | null;
}
type QuizFile = Partial<Record<'preAssessment' | 'finalQuiz', QuestionFile[]>>;

/** The first paragraphs of a lesson's text (not its figures), as HTML. */
export function openingHtml(markdown: string, count = OPENING_PARAGRAPHS): string {
  const isFigure = (t: Tokens.Paragraph) =>
    t.tokens.every((inner) => inner.type === 'image' || (inner.type === 'text' && !inner.raw.trim()));
  const paragraphs = marked
    .lexer(markdown, { gfm: true })
    .filter((t: Token): t is Tokens.Paragraph => t.type === 'paragraph' && !isFigure(t as Tokens.Paragraph))
    .slice(0, count);
  return paragraphs
    .map((p) => marked.parser([p], { gfm: true }).trim())
    .join('')
    .replaceAll('&#39;', "'");
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** The fixture's data, from a content folder laid out as api/content. */
export function buildFixtureData(dir = CONTENT_DIR) {
  const course = readJson<CourseFile>(path.join(dir, 'course.json'));
  const moduleFiles = new Set(readdirSync(path.join(dir, 'modules')));
  const quizFiles = new Map<number, QuizFile>();
  for (const m of course.modules) {
    const file = path.join(dir, 'quizzes', `module-${m.id}.json`);
    try {
      quizFiles.set(m.id, readJson<QuizFile>(file));
    } catch {
      // a module without its quiz file has no questions yet
    }
  }
  const quiz = (kind: 'preAssessment' | 'finalQuiz') => {
    const facts = course.quizzes[kind];
    return {
      title: facts.title,
      description: facts.description,
      passing_score: facts.passingScore,
      questions: PICKED_QUESTIONS[kind].flatMap(([moduleId, index]) => {
        const q = quizFiles.get(moduleId)?.[kind]?.[index];
        if (!q) return [];
        return [
          {
            // The module whose quiz file holds it, as the API's loader records it (test-out grades by it).
            module_id: moduleId,
            question_text: q.question_text,
            option_a: q.option_a,
            option_b: q.option_b,
            option_c: q.option_c,
            option_d: q.option_d,
            correct_answer: q.correct_answer,
            explanation: q.explanation ?? '',
          },
        ];
      }),
    };
  };
  return {
    course: {
      slug: course.slug,
      title: course.title,
      description: course.description,
      estimated_time: course.estimatedTime,
      syllabus_time: course.syllabusDuration,
      pre_assessment_time: course.preAssessmentTime,
      objectives: course.objectives.map((o) => ({ id: o.id, text: o.text })),
      audience: course.audience ?? null,
      pre_assessment_passed: course.quizzes.preAssessment.passedMessage ?? null,
    },
    platform: {
      site_name: platform.siteName,
      owner: platform.owner,
      copyright_year: platform.copyrightYear,
      support_email: platform.supportEmail,
      about: readFileSync(path.join(PLATFORM_DIR, 'about.md'), 'utf8').trim(),
    },
    modules: course.modules.map((m) => {
      const file = `module-${m.id}.md`;
      const sections = moduleFiles.has(file)
        ? parseModuleMarkdown(readFileSync(path.join(dir, 'modules', file), 'utf8'))
        : [];
      return {
        id: m.id,
        name: m.name,
        // as the API's outline: a module without a summary line shows its description
        summary: m.summary ?? m.description,
        description: m.description,
        duration_minutes: m.durationMinutes ?? null,
        // The threshold as the API's loader resolves it (core's rule); null with test-out off.
        test_out_score: moduleTestOutScore(course.testOut, m),
        lessons: sections.map((s) => ({ title: s.title, content: openingHtml(s.body) })),
      };
    }),
    preAssessment: quiz('preAssessment'),
    finalQuiz: quiz('finalQuiz'),
  };
}

/** Writes the fixture, formatted as the repo's formatter (biome) keeps JSON. */
export function writeFixture(file = FIXTURE_FILE, dir = CONTENT_DIR): void {
  writeFileSync(file, `${JSON.stringify(buildFixtureData(dir), null, 2)}\n`);
  execFileSync(path.join(REPO, 'node_modules/.bin/biome'), ['format', '--write', file], { stdio: 'ignore' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  writeFixture();
  console.warn(`wrote ${path.relative(process.cwd(), FIXTURE_FILE)}`);
}
