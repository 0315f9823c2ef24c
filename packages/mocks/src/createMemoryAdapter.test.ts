import { runAdapterConformance } from '@coursekit/core/testing';
import { createMemoryAdapter } from './createMemoryAdapter';
import { bankHooks } from './store/bankHooks';
import { courseStateHooks } from './store/courseStateHooks';
import { createMemoryStore } from './store/createMemoryStore';

const store = createMemoryStore({ learner: false });
runAdapterConformance('memory adapter', {
  makeAdapter: () => createMemoryAdapter(store, { signedIn: false }),
  makeCourseAdapter: (course) => createMemoryAdapter(store, { signedIn: false, course }),
  ...bankHooks(store),
  ...courseStateHooks(store, () => createMemoryAdapter(store, { signedIn: false })),
});
