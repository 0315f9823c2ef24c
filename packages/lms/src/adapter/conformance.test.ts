import { runAdapterConformance } from '@coursekit/core/testing';
import { createMemoryRuntime } from '../runtime/memoryRuntime';
import { seedBundle } from '../test/seedBundle';
import { createPackageAdapter } from './createPackageAdapter';

let learners = 0;
/** A fresh learner: a new package on a new (empty) LMS record. */
async function freshLearner() {
  const bundle = seedBundle();
  learners += 1;
  const runtime = createMemoryRuntime({ learner: { id: `learner-${learners}`, name: 'Silva, Ana' } });
  return createPackageAdapter({ bundle, runtime, baseUrl: 'https://lms.example/content/course/' });
}

// The LMS signs the learner in, so sign-up, sign-in, profiles named at sign-up and signed-out calls
// do not apply (the suite leaves them out); course, progress, quizzes and their errors do.
runAdapterConformance('package adapter (course bundle + LMS runtime)', {
  makeAdapter: freshLearner,
  signedInLearner: freshLearner,
});
