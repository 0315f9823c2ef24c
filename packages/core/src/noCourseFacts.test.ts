import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDuration } from './rules/display';

// Issue 15: a course's facts are data, never code. The widgets, the mocks, core and the site hold
// none of the shipped course's facts: its title, module names, time texts, objectives or the
// module durations as the screens print them. The facts are read from the course's own folder,
// so this check follows the course, whatever it says. Generated files (*.generated.*, JSON made
// from the content folder by `npm run fixtures`) are data and are not searched.

const root = fileURLToPath(new URL('../../../', import.meta.url));
interface CourseFile {
  title: string;
  estimatedTime: string;
  syllabusDuration: string;
  preAssessmentTime: string;
  objectives: Array<{ text: string }>;
  modules: Array<{ name: string; summary?: string; durationMinutes?: number }>;
}
// Every course the platform ships (api/content/courses/{slug}/course.json).
const coursesDir = path.join(root, 'api/content/courses');
const courses = readdirSync(coursesDir).map(
  (slug) => JSON.parse(readFileSync(path.join(coursesDir, slug, 'course.json'), 'utf8')) as CourseFile,
);

const WORKSPACES = ['packages/core/src', 'packages/react/src', 'packages/mocks/src', 'apps/host/src'];

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
];
const facts = courses.flatMap(factsOf);

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
