import { type QuizBankSettings, seededRandom } from '@coursekit/core';
import { runAdapterConformance } from '@coursekit/core/testing';
import { createMemoryRuntime } from '../runtime/memoryRuntime';
import { seedBundle } from '../test/seedBundle';
import { createPackageAdapter } from './createPackageAdapter';

let learners = 0;
/** The course quiz's bank settings the next packages are exported with (null: every question, A-D). */
let bank: QuizBankSettings | null = null;
/** The test-out threshold of every module in the next packages (null: test-out off). */
let testOut: number | null = null;
/** A fresh learner: a new package on a new (empty) LMS record. */
async function freshLearner() {
  const bundle = seedBundle();
  const final = bundle.quizzes.find((q) => q.quiz.kind === 'course')!;
  if (bank) {
    // As the API exports a course whose final quiz draws from its bank.
    final.bank = { draw: bank.draw, shuffle_options: bank.shuffleOptions };
    final.quiz.total_questions = Math.min(bank.draw ?? final.questions.length, final.questions.length);
  }
  // As the API exports a course with test-out on: each module's threshold.
  if (testOut !== null) bundle.test_out = bundle.modules.map((m) => ({ module_id: m.id, score: testOut! }));
  learners += 1;
  const runtime = createMemoryRuntime({ learner: { id: `learner-${learners}`, name: 'Silva, Ana' } });
  return createPackageAdapter({
    bundle,
    runtime,
    baseUrl: 'https://lms.example/content/course/',
    random: seededRandom(learners),
  });
}

// The LMS signs the learner in, so sign-up, sign-in, profiles named at sign-up and signed-out calls
// do not apply (the suite leaves them out); course, progress, quizzes and their errors do.
runAdapterConformance('package adapter (course bundle + LMS runtime)', {
  makeAdapter: freshLearner,
  signedInLearner: freshLearner,
  setQuizBank: (settings) => {
    bank = settings;
  },
  setTestOut: (passingScore) => {
    testOut = passingScore;
  },
});
