import { describe, expect, it } from 'vitest';
import { createMemoryAdapter } from '../createMemoryAdapter';
import type { SCENARIOS } from '../scenarios';
import { createMemoryStore } from './createMemoryStore';

async function summaryOf(name: (typeof SCENARIOS)[number]) {
  return (await createMemoryAdapter(createMemoryStore(name)).progress.get()).summary;
}

describe('scenarios', () => {
  it('seeds a five-module course with five lessons each, a pre-assessment and a course quiz', async () => {
    const adapter = createMemoryAdapter(createMemoryStore());
    const modules = await adapter.course.modules();
    expect(modules.map((m) => m.name)).toEqual([
      'The Language of Data',
      'Data Quality and Validation',
      'Data Governance, Standards, and Roles',
      'Data Lineage and Lifecycle Management',
      'Integration, Communication, and Course Synthesis',
    ]);
    for (const m of modules) expect(await adapter.course.lessons(m.id)).toHaveLength(5);
    expect((await adapter.quizzes.list()).map((q) => q.quiz.kind)).toEqual(['pre_assessment', 'course']);
  });

  it('a new learner has not started', async () => {
    expect(await summaryOf('new-learner')).toMatchObject({ hasStarted: false, nextModuleId: 1 });
  });

  it('mid-course continues in module 2 with a failed pre-assessment', async () => {
    expect(await summaryOf('mid-course')).toMatchObject({
      completedLessons: 7,
      nextModuleId: 2,
      hasPreAssessment: true,
      preAssessmentPassed: false,
    });
  });

  it('a finished course without a passed quiz is not complete; with one it is', async () => {
    expect(await summaryOf('course-finished-no-quiz-passed')).toMatchObject({
      isComplete: true,
      courseComplete: false,
    });
    expect(await summaryOf('course-complete')).toMatchObject({
      courseComplete: true,
      preAssessmentPassed: true,
    });
  });

  it('maintenance, failing, slow and no-quiz scenarios behave as named', async () => {
    expect(
      (await createMemoryAdapter(createMemoryStore('maintenance')).settings.get()).maintenance_mode,
    ).toBe(true);
    const failing = createMemoryAdapter(createMemoryStore('server-failing'));
    await expect(failing.progress.get()).rejects.toMatchObject({ code: 'unavailable' });
    expect((await failing.settings.get()).maintenance_mode).toBe(false);
    expect(await createMemoryAdapter(createMemoryStore('no-quizzes')).quizzes.list()).toEqual([]);
    expect(createMemoryStore('slow-network').options.latencyMs).toBeGreaterThan(0);
  });
});
