import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The slug of the course writeTestOutCourse writes. */
export const TEST_OUT_SLUG = 'test-out-trial';

const filler = 'A learner who already knows this part of the course can test out of it and move on. '.repeat(
  2,
);
const question = (text: string, correct: 'A' | 'B' | 'C' | 'D', objective: string) => ({
  question_text: text,
  option_a: 'a',
  option_b: 'b',
  option_c: 'c',
  option_d: 'd',
  correct_answer: correct,
  explanation: 'because',
  objectives: [objective],
});

/**
 * A small course folder with test-out: three modules of two lessons; a test-out bar of
 * 75% for the course, 100% for module 1 (it has two pre-assessment questions). Module 2 has four
 * pre-assessment questions (three right is exactly 75%), module 3 none (it never tests out). Every
 * module has a final-quiz question. `enabled: false` writes the same course with test-out off.
 */
export function writeTestOutCourse(dir: string, options: { enabled?: boolean } = {}): void {
  mkdirSync(path.join(dir, 'modules'), { recursive: true });
  mkdirSync(path.join(dir, 'quizzes'), { recursive: true });
  writeFileSync(
    path.join(dir, 'course.json'),
    JSON.stringify({
      slug: TEST_OUT_SLUG,
      title: 'Test-Out Trial',
      description: 'A course whose learners may test out of what they know.',
      estimatedTime: '1 hour',
      syllabusDuration: '30m',
      preAssessmentTime: '5 minutes',
      objectives: [1, 2, 3].map((n) => ({ id: `LO${n}`, text: `Objective ${n}.` })),
      testOut: { enabled: options.enabled ?? true, passingScore: 75 },
      modules: [1, 2, 3].map((id) => ({
        id,
        name: `Part ${id}`,
        title: `Part ${id} in full`,
        description: `What part ${id} is about.`,
        ...(id === 1 ? { testOutScore: 100 } : {}),
      })),
      quizzes: {
        preAssessment: { title: 'What You Know', description: 'Before you start.', passingScore: 75 },
        finalQuiz: { title: 'Final Check', description: 'At the end.', passingScore: 80 },
      },
    }),
  );
  const preAssessment: Record<number, Array<ReturnType<typeof question>>> = {
    1: [question('P1.1', 'A', 'LO1'), question('P1.2', 'B', 'LO1')],
    2: (['A', 'B', 'C', 'D'] as const).map((letter, i) => question(`P2.${i + 1}`, letter, 'LO2')),
    3: [],
  };
  for (const id of [1, 2, 3]) {
    writeFileSync(
      path.join(dir, 'modules', `module-${id}.md`),
      `# Part ${id} in full\n\n## Part ${id} opening\n\n${filler}\n\n## Part ${id} wrap-up\n\n${filler}\n`,
    );
    writeFileSync(
      path.join(dir, 'quizzes', `module-${id}.json`),
      JSON.stringify({
        moduleId: id,
        preAssessment: preAssessment[id],
        finalQuiz: [question(`F${id}`, 'C', `LO${id}`)],
      }),
    );
  }
}
