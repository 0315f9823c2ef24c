import { describe, expect, it } from 'vitest';
import { courseFileProblems, quizFileProblems } from './courseFile';

// The studio's forms show these at their fields; the zip import and the studio's save refuse with the
// same words (api/src/content/courseZip.test.ts, api/src/studio/studio.test.ts).

const course = {
  slug: 'meter-basics',
  title: 'Meter Basics',
  description: '',
  estimatedTime: '1 hour',
  syllabusDuration: '1h',
  preAssessmentTime: '5 minutes',
  objectives: [{ id: 'LO1', text: 'Read a meter.' }],
  modules: [
    { id: 1, name: 'Meters', title: 'Reading Meters', description: '' },
    { id: 2, name: 'Readings', title: 'Checking Readings', description: '' },
  ],
  quizzes: {
    preAssessment: { title: 'Pre-Assessment', description: '', passingScore: 70 },
    finalQuiz: { title: 'Final Quiz', description: '', passingScore: 80 },
  },
};
const question = {
  question_text: 'What does a meter record?',
  option_a: 'Consumption',
  option_b: 'Weather',
  option_c: 'Occupancy',
  option_d: 'Nothing',
  correct_answer: 'A',
};

describe('courseFileProblems', () => {
  it('finds nothing in a course.json the API accepts', () => {
    expect(courseFileProblems(course)).toEqual({});
  });

  it('names each refused field by its path, in the import’s words', () => {
    expect(
      courseFileProblems({
        ...course,
        title: '',
        slug: 'Meter Basics',
        modules: [{ ...course.modules[0], durationMinutes: 2.5 }],
        quizzes: { ...course.quizzes, finalQuiz: { title: 'Final Quiz', description: '' } },
      }),
    ).toEqual({
      title: 'must not be empty',
      slug: 'must be lower-case words joined by hyphens',
      'modules[0].durationMinutes': 'must be a whole number',
      'quizzes.finalQuiz.passingScore': 'is missing (it must be a number)',
    });
  });

  it('refuses a module id used twice', () => {
    expect(courseFileProblems({ ...course, modules: [course.modules[0], course.modules[0]] })).toEqual({
      'modules[1].id': '1 is used by an earlier module too',
    });
  });
});

describe('quizFileProblems', () => {
  it('finds nothing in a quiz file the API accepts', () => {
    expect(quizFileProblems({ moduleId: 1, finalQuiz: [question] })).toEqual({});
  });

  it('refuses a question without a correct option, or with an empty option', () => {
    expect(
      quizFileProblems({
        moduleId: 1,
        preAssessment: [{ ...question, correct_answer: undefined }],
        finalQuiz: [{ ...question, option_c: '' }],
      }),
    ).toEqual({
      'preAssessment[0].correct_answer': 'must be one of A, B, C, D',
      'finalQuiz[0].option_c': 'must not be empty',
    });
  });
});
