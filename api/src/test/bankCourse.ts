import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The slug of the course writeBankCourse writes. */
export const BANK_SLUG = 'question-bank-trial';

/** A question of the bank course: its text names it, its options say which one is right. */
export interface BankQuestion {
  question_text: string;
  correct_answer: 'A' | 'B' | 'C' | 'D';
}

const filler = 'A quiz that draws from a bank shows each learner a few of its questions. '.repeat(2);

/** The final quiz's bank: two questions per module, keyed A, B, C, D, A, B. */
export const BANK_QUESTIONS: BankQuestion[] = (['A', 'B', 'C', 'D', 'A', 'B'] as const).map((key, i) => ({
  question_text: `Bank question ${i + 1}`,
  correct_answer: key,
}));

/**
 * A small course whose final quiz draws `draw` of its six questions per attempt (options shuffled
 * unless `shuffleOptions: false`); its pre-assessment has three questions and no draw. `edit`
 * rewrites questions of the final quiz by their index, as an author editing the bank would.
 * `testOutDraw`: test-out on at 100%, and the pre-assessment draws that many of its two questions,
 * both about module 1.
 */
export function writeBankCourse(
  dir: string,
  options: {
    draw?: number;
    shuffleOptions?: boolean;
    edit?: Record<number, BankQuestion>;
    testOutDraw?: number;
  } = {},
): void {
  const testOut = options.testOutDraw !== undefined;
  mkdirSync(path.join(dir, 'modules'), { recursive: true });
  mkdirSync(path.join(dir, 'quizzes'), { recursive: true });
  writeFileSync(
    path.join(dir, 'course.json'),
    JSON.stringify({
      slug: BANK_SLUG,
      title: 'Question Bank Trial',
      description: 'A course whose final quiz draws from a bank.',
      estimatedTime: '1 hour',
      syllabusDuration: '30m',
      preAssessmentTime: '5 minutes',
      objectives: [{ id: 'LO1', text: 'Objective 1.' }],
      ...(testOut ? { testOut: { enabled: true, passingScore: 100 } } : {}),
      modules: [1, 2, 3].map((id) => ({
        id,
        name: `Part ${id}`,
        title: `Part ${id} in full`,
        description: `What part ${id} is about.`,
      })),
      quizzes: {
        preAssessment: {
          title: 'Before',
          description: 'Before you start.',
          passingScore: 75,
          ...(testOut ? { draw: options.testOutDraw } : {}),
        },
        finalQuiz: {
          title: 'Drawn Final',
          description: 'A few questions of the bank.',
          passingScore: 60,
          draw: options.draw ?? 3,
          shuffleOptions: options.shuffleOptions ?? true,
        },
      },
    }),
  );
  const bank = BANK_QUESTIONS.map((q, i) => options.edit?.[i] ?? q);
  for (const id of [1, 2, 3]) {
    writeFileSync(
      path.join(dir, 'modules', `module-${id}.md`),
      `# Part ${id} in full\n\n## Part ${id} opening\n\n${filler}\n`,
    );
    const asQuestion = (q: BankQuestion) => ({
      ...q,
      option_a: `${q.question_text}: option A`,
      option_b: `${q.question_text}: option B`,
      option_c: `${q.question_text}: option C`,
      option_d: `${q.question_text}: option D`,
      explanation: `Because ${q.correct_answer}.`,
      objectives: ['LO1'],
    });
    writeFileSync(
      path.join(dir, 'quizzes', `module-${id}.json`),
      JSON.stringify({
        moduleId: id,
        preAssessment: !testOut
          ? [asQuestion({ question_text: `Pre ${id}`, correct_answer: 'A' })]
          : id === 1
            ? ['a', 'b'].map((n) => asQuestion({ question_text: `Pre 1${n}`, correct_answer: 'A' }))
            : [],
        finalQuiz: bank.slice((id - 1) * 2, id * 2).map(asQuestion),
      }),
    );
  }
}
