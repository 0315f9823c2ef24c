import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDuration } from './rules/display';

// A course's facts are data, never code. Core, the widgets, the mocks, the embed, the LMS runtime, the
// site and the API's code hold none of a shipped course's facts: its title, module names, summaries
// and descriptions, time texts, objectives, audience, quiz titles and pass sentence, or the module
// durations as the screens print them; nor the platform's own words (site name, owner, about text),
// which are settings. The facts are read from the content folders, so this check follows the
// courses, whatever they say. Generated files (*.generated.*, JSON made from the content folder by
// `npm run fixtures`) are data and are not searched.

const root = fileURLToPath(new URL('../../../', import.meta.url));
interface CourseFile {
  title: string;
  estimatedTime: string;
  syllabusDuration: string;
  preAssessmentTime: string;
  audience?: string;
  objectives: Array<{ text: string }>;
  modules: Array<{
    name: string;
    title: string;
    summary?: string;
    description: string;
    durationMinutes?: number;
  }>;
  quizzes: Record<
    'preAssessment' | 'finalQuiz',
    { title: string; description: string; passedMessage?: string }
  >;
}
// Every course the platform ships (api/content/courses/{slug}/course.json).
const coursesDir = path.join(root, 'api/content/courses');
const courses = readdirSync(coursesDir).map(
  (slug) => JSON.parse(readFileSync(path.join(coursesDir, slug, 'course.json'), 'utf8')) as CourseFile,
);

const WORKSPACES = [
  'packages/core/src',
  'packages/react/src',
  'packages/mocks/src',
  'packages/embed/src',
  'packages/lms/src',
  'apps/host/src',
  'api/src',
];
const platform = JSON.parse(readFileSync(path.join(root, 'api/content/platform.json'), 'utf8')) as {
  siteName: string;
  owner: string;
};
const about = readFileSync(path.join(root, 'api/content/about.md'), 'utf8').trim();

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    const isSource = /\.(ts|tsx)$/.test(name);
    const isTest = /\.(test|test-d|stories)\.tsx?$/.test(name) || file.includes(`${path.sep}test${path.sep}`);
    return isSource && !isTest && !name.includes('.generated.') ? [file] : [];
  });
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const factsOf = (course: CourseFile): Array<{ what: string; pattern: RegExp }> => [
  { what: 'the course title', pattern: new RegExp(literal(course.title)) },
  ...course.modules.map((m) => ({ what: `module name “${m.name}”`, pattern: new RegExp(literal(m.name)) })),
  ...course.modules
    .filter((m) => m.summary)
    .map((m) => ({ what: `module summary “${m.summary}”`, pattern: new RegExp(literal(m.summary!)) })),
  ...course.modules
    .filter((m) => m.durationMinutes !== undefined)
    .map((m) => {
      const printed = formatDuration(m.durationMinutes!);
      return {
        what: `module duration ${printed}`,
        pattern: new RegExp(`(?<![\\w.-])${literal(printed)}(?![\\w-])`),
      };
    }),
  ...[course.estimatedTime, course.syllabusDuration, course.preAssessmentTime].map((time) => ({
    what: `time text “${time}”`,
    pattern: new RegExp(`(?<![\\w-])${literal(time)}(?![\\w-])`),
  })),
  ...course.objectives.map((o) => ({
    what: `objective “${o.text.slice(0, 40)}…”`,
    pattern: new RegExp(literal(o.text.slice(0, 60))),
  })),
  ...phrases([
    ...course.modules.flatMap((m) => [m.title, m.description]),
    course.audience,
    ...Object.values(course.quizzes).flatMap((q) => [q.title, q.description, q.passedMessage]),
  ]),
];
/** Distinctive sentences, searched by their opening 40 characters (a phrase, not a whole title). */
function phrases(texts: Array<string | undefined>): Array<{ what: string; pattern: RegExp }> {
  return texts
    .filter((text): text is string => Boolean(text) && text!.length >= 20)
    .map((text) => ({ what: `“${text.slice(0, 40)}…”`, pattern: new RegExp(literal(text.slice(0, 40))) }));
}
const facts = [
  ...courses.flatMap(factsOf),
  { what: `the site's name “${platform.siteName}”`, pattern: new RegExp(literal(platform.siteName)) },
  { what: `the owner “${platform.owner}”`, pattern: new RegExp(literal(platform.owner)) },
  ...phrases(about.split(/\n\s*\n/)),
];

describe('no course facts in the code', () => {
  it('reads the facts it looks for from every course folder', () => {
    expect(courses.length).toBeGreaterThanOrEqual(2);
    for (const course of courses) expect(factsOf(course).length).toBeGreaterThan(course.modules.length * 2);
  });

  it.each(WORKSPACES)('%s holds none of the courses’ facts', (workspace) => {
    const found: string[] = [];
    for (const file of sources(path.join(root, workspace))) {
      const text = readFileSync(file, 'utf8');
      for (const { what, pattern } of facts) {
        if (pattern.test(text)) found.push(`${path.relative(root, file)}: ${what}`);
      }
    }
    expect(found).toEqual([]);
  });
});
