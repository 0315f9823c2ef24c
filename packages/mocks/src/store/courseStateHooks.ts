import type { CourseAdapter } from '@coursekit/core';
import type { ConformanceHarness } from '@coursekit/core/testing';
import type { MemoryStore } from './createMemoryStore';

/**
 * The conformance suite's test-out and archived-course hooks on a memory store: the store's one
 * course with every module's test-out threshold set (as a course.json's `testOut` would), and the
 * course archived or published again (as an admin would). `makeAdapter` is a signed-out adapter on
 * the store (in memory, or over the MSW handlers).
 */
export function courseStateHooks(
  store: MemoryStore,
  makeAdapter: () => CourseAdapter,
): Pick<ConformanceHarness, 'setTestOut' | 'archiveCourse'> {
  return {
    setTestOut: (passingScore) => {
      for (const m of store.tables.testOutScores) m.test_out_score = passingScore;
    },
    archiveCourse: {
      makeAdapter,
      setArchived: (archived) => {
        store.tables.course.status = archived ? 'archived' : 'published';
      },
    },
  };
}
