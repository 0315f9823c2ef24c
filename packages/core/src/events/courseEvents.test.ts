import { describe, expect, it } from 'vitest';
import type { ModuleProgress } from '../schemas/derived';
import { maintenanceEvent, progressEvents, quizCompletedEvent } from './courseEvents';

const mp = (moduleId: number, progressPercentage: number, isUnlocked: boolean): ModuleProgress => ({
  moduleId,
  progressPercentage,
  isUnlocked,
  totalLessons: 5,
  completedLessons: progressPercentage / 20,
  firstLessonCompleted: true,
  testedOut: false,
});

describe('host events from progress', () => {
  it('a finished module, then the next unlocked, then the course completed', () => {
    const before = { courseComplete: false, modules: [mp(1, 80, true), mp(2, 0, false)] };
    const after = { courseComplete: true, modules: [mp(1, 100, true), mp(2, 0, true)] };
    expect(progressEvents(before, after)).toEqual([
      { type: 'moduleCompleted', moduleId: 1 },
      { type: 'moduleUnlocked', moduleId: 2 },
      { type: 'courseCompleted' },
    ]);
  });
  it('nothing when nothing crossed a line, or when there is no earlier state', () => {
    const s = { courseComplete: false, modules: [mp(1, 100, true)] };
    expect(progressEvents(s, s)).toEqual([]);
    expect(progressEvents(undefined, s)).toEqual([]);
  });
  it('a graded attempt and a maintenance switch', () => {
    const done = {
      attempt: {
        id: 1,
        user_id: 'u',
        quiz_id: 2,
        score: 4,
        total_questions: 5,
        percentage: 80,
        passed: true,
        answers: {},
        started_at: 'a',
        completed_at: 'b',
      },
      review: [],
    };
    expect(quizCompletedEvent({ id: 2, title: 'Final', kind: 'course' }, done)).toEqual({
      type: 'quizCompleted',
      quizId: 2,
      quizTitle: 'Final',
      kind: 'course',
      score: 4,
      total: 5,
      percentage: 80,
      passed: true,
    });
    expect(
      maintenanceEvent({ maintenance_mode: false }, { maintenance_mode: true, system_message: 'Back soon' }),
    ).toEqual({
      type: 'maintenanceChanged',
      maintenance: true,
      message: 'Back soon',
    });
    expect(
      maintenanceEvent({ maintenance_mode: true }, { maintenance_mode: true, system_message: null }),
    ).toBeNull();
  });
});
