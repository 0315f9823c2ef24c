import {
  type AttemptFlow,
  CourseError,
  type Lesson,
  lessonDoesNotExist,
  type Module,
  moduleDoesNotExist,
  type ProgressState,
  summarizeProgress,
} from '@coursekit/core';
import { type MemoryTables, now } from './memoryTables';

/** The course's modules and lessons, and each learner's progress, summarised by core's rules. */
export function memoryProgress(tables: MemoryTables, flow: AttemptFlow) {
  const { modules, lessons, quizzes, progress, attempts, nextId } = tables;

  function checkModule(moduleId: number): void {
    if (!modules.some((m) => m.id === moduleId))
      throw new CourseError('not_found', moduleDoesNotExist(moduleId));
  }

  function progressState(userId: string): ProgressState {
    const records = progress.filter((r) => r.user_id === userId);
    const completed = attempts.filter((a) => a.user_id === userId && a.completed_at !== null);
    const summary = summarizeProgress({
      modules,
      lessons,
      records,
      quizzes,
      attempts: completed,
      // As the API: the modules this learner tested out of, by core's rule (none with test-out off).
      testedOut: flow.testedOut(userId),
    });
    return { records: records.map((r) => ({ ...r })), summary };
  }

  /** Marks a lesson (by its stable key) complete or not, once per learner and lesson. */
  function setCompleted(userId: string, key: string, completed: boolean, at = now()): ProgressState {
    const lesson = lessons.find((l) => l.lesson_key === key);
    if (!lesson) throw new CourseError('not_found', lessonDoesNotExist(key));
    const existing = progress.find((r) => r.user_id === userId && r.lesson_key === key);
    if (existing) {
      existing.completed = completed;
      existing.updated_at = at;
    } else {
      progress.push({
        id: nextId(),
        user_id: userId,
        lesson_id: lesson.id,
        lesson_key: key,
        module_id: lesson.module_id,
        completed,
        lesson_order: lesson.order,
        tracking_method: 'stable',
        updated_at: at,
      });
    }
    return progressState(userId);
  }

  return {
    modules(): Module[] {
      return modules.map((m) => ({ ...m }));
    },
    lessons(moduleId: number): Lesson[] {
      checkModule(moduleId);
      return lessons.filter((l) => l.module_id === moduleId && l.is_active).map((l) => ({ ...l }));
    },
    progress: progressState,
    /** `at` dates the record (seeds spread their history over past days). */
    setLessonCompleted(userId: string, key: string, completed: boolean, at?: string): ProgressState {
      return setCompleted(userId, key, completed, at);
    },
    /** learner §6: all of the learner's progress and quiz attempts go. */
    resetProgress(userId: string): ProgressState {
      for (const list of [progress, attempts] as Array<Array<{ user_id: string }>>) {
        for (let i = list.length - 1; i >= 0; i--) if (list[i]!.user_id === userId) list.splice(i, 1);
      }
      return progressState(userId);
    },
    /** learner §6: checks the module exists, then deletes that module's progress. */
    resetModule(userId: string, moduleId: number): ProgressState {
      checkModule(moduleId);
      for (let i = progress.length - 1; i >= 0; i--) {
        const r = progress[i]!;
        if (r.user_id === userId && r.module_id === moduleId) progress.splice(i, 1);
      }
      return progressState(userId);
    },
  };
}
