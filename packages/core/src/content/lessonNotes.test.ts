import { describe, expect, it } from 'vitest';
import { lessonNotes, shortSections } from './lessonNotes';

const long = (words: string) => `${words} `.repeat(20).trim();

describe('sections that are not lessons', () => {
  const modules = [
    {
      path: 'modules/module-2.md',
      text: `# Two\n\n## Recap\n\nShort.\n\n## Meters\n\n${long('Read the meter.')}\n`,
    },
    { path: 'modules/module-1.md', text: `# One\n\n## Intro\n\n${long('Welcome.')}\n\n## Coming soon\n` },
    { path: 'quizzes/module-1.json', text: '{}' },
  ];

  it('are listed by module and place, with the length of their text', () => {
    expect(shortSections(modules)).toEqual([
      { moduleId: 1, position: 2, title: 'Coming soon', length: 0 },
      { moduleId: 2, position: 1, title: 'Recap', length: 6 },
    ]);
  });

  it('are told to the author in words, and a course of lessons has no other note', () => {
    expect(lessonNotes(modules)).toEqual([
      'Module 1: “Coming soon” is not a lesson: it has 0 characters of text, and a lesson needs more than 100. Write more under its heading, or it is left out.',
      'Module 2: “Recap” is not a lesson: it has 6 characters of text, and a lesson needs more than 100. Write more under its heading, or it is left out.',
    ]);
  });

  it('a course with no lesson at all says so', () => {
    expect(lessonNotes([{ path: 'modules/module-1.md', text: '# One\n\n## Soon\n\nA line.\n' }])).toEqual([
      'Module 1: “Soon” is not a lesson: it has 7 characters of text, and a lesson needs more than 100. Write more under its heading, or it is left out.',
      'The course has no lesson yet: a lesson is a “## ” section with more than 100 characters of text.',
    ]);
    expect(lessonNotes([])).toEqual([
      'The course has no lesson yet: a lesson is a “## ” section with more than 100 characters of text.',
    ]);
  });
});
