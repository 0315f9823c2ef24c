import { describe, expect, it } from 'vitest';
import { draftFileNoun, lessonNoun, studioOutline } from './studioOutline';

// The studio's outline is derived from the draft's files: these cases are what an author sees
// beside each item before publishing.

const LONG =
  'A reading has a date, a value and a unit; the unit decides what the number means for the building.';

const course = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    slug: 'meters',
    title: 'Meters',
    description: '',
    estimatedTime: '1 hour',
    syllabusDuration: '1 week',
    preAssessmentTime: '5 minutes',
    objectives: [
      { id: 'LO1', text: 'Read a meter' },
      { id: 'LO2', text: 'Spot a bad reading' },
    ],
    modules: [
      { id: 2, name: 'Readings', title: 'Readings', description: '', testOutScore: 90 },
      { id: 1, name: 'Meters', title: 'Meters', description: '' },
    ],
    quizzes: {
      preAssessment: { title: 'Pre', description: '', passingScore: 70, draw: 3 },
      finalQuiz: { title: 'Final', description: '', passingScore: 70 },
    },
    ...extra,
  });

const question = (objectives: string[]) => ({
  question_text: 'Q?',
  option_a: 'a',
  option_b: 'b',
  option_c: 'c',
  option_d: 'd',
  correct_answer: 'A',
  objectives,
});

const files = (courseText = course()) => [
  { path: 'course.json', text: courseText },
  {
    path: 'modules/module-1.md',
    text: `# Meters\n\n## Reading\n\n${LONG}\n\n![A dial](/storage/image-assets/dial.png)\n\n## Stub\n\nToo short.\n`,
  },
  {
    path: 'modules/module-2.md',
    text: `# Readings\n\n## Gaps\n\n${LONG} ![Gone](/storage/image-assets/gone.png)\n`,
  },
  { path: 'modules/module-7.md', text: '# Draft module\n' },
  {
    path: 'quizzes/module-1.json',
    text: JSON.stringify({ moduleId: 1, preAssessment: [question(['LO1'])], finalQuiz: [question([])] }),
  },
  { path: 'images/dial.png', text: null },
  { path: 'images/spare.png', text: null },
];

describe('studioOutline', () => {
  it('lists the modules in course.json order, each with its lessons, question counts and test-out', () => {
    const outline = studioOutline(files(course({ testOut: { enabled: true, passingScore: 80 } })));
    expect(outline.title).toBe('Meters');
    expect(outline.modules.map((m) => [m.id, m.name, m.listed])).toEqual([
      [2, 'Readings', true],
      [1, 'Meters', true],
      [7, 'Draft module', false],
    ]);
    const meters = outline.modules[1]!;
    expect(meters.lessons.map((l) => l.title)).toEqual(['Reading', 'Stub']);
    expect([meters.preAssessment, meters.finalQuiz]).toEqual([1, 1]);
    // A module's own threshold wins over the course's; test-out off means none.
    expect(outline.modules.map((m) => m.testOut)).toEqual([90, 80, 80]);
    expect(studioOutline(files()).modules.map((m) => m.testOut)).toEqual([null, null, null]);
    expect(outline.modules[2]!.problems).toEqual([
      'Not in the course settings’ modules: learners will not see it.',
    ]);
    expect(outline.quizzes).toEqual({
      preAssessment: { bank: 1, draw: 3 },
      finalQuiz: { bank: 1, draw: null },
    });
  });

  it('puts each problem beside its item: a short section, a missing image, a draw over the bank, an untested objective', () => {
    const outline = studioOutline(files());
    const [readings, meters] = outline.modules;
    expect(meters!.lessons[0]!.problems).toEqual([]);
    expect(meters!.lessons[1]!.problems).toEqual([
      'Too short to be a lesson: 10 of more than 100 characters. Learners will not see it.',
    ]);
    expect(readings!.lessons[0]!.problems).toEqual(["The image “Gone” is not in the course's images."]);
    expect(outline.settingsProblems).toEqual([
      'The pre-assessment draws 3 questions but its bank holds 1.',
      'No question tests objective LO2 (“Spot a bad reading”).',
    ]);
  });

  it('says where each image is used, and which are unused', () => {
    expect(studioOutline(files()).images).toEqual([
      { path: 'images/dial.png', usedIn: [{ module: 1, lesson: 0, alt: 'A dial' }] },
      { path: 'images/spare.png', usedIn: [] },
    ]);
  });

  it('still shows the lessons when course.json does not parse, and names files by what they hold', () => {
    const outline = studioOutline(files('{ not json'));
    expect(outline.settingsReadable).toBe(false);
    expect(outline.modules.map((m) => m.id)).toEqual([1, 2, 7]);
    expect(draftFileNoun('modules/module-2.md')).toBe('The lessons of Module 2');
    expect(draftFileNoun('quizzes/module-2.json')).toBe('The questions of Module 2');
    expect(draftFileNoun('course.json')).toBe('The course settings');
    expect(draftFileNoun('images/dial.png', studioOutline(files()))).toBe('The image “A dial”');
    expect(lessonNoun(1, 1)).toBe('Lesson 2 of Module 1');
  });
});
