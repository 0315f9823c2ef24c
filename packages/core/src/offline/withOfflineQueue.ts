import type { CourseAdapter, Unsubscribe } from '../adapter/CourseAdapter';
import { CourseError } from '../errors';
import { messages } from '../messages';
import { summarizeProgress } from '../rules/progress';
import type { ProgressState } from '../schemas/derived';
import type { Lesson, Module, ProgressRecord } from '../schemas/entities';

/** The part of `localStorage` the queue uses. */
export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface OfflineStatus {
  /** False from the first failed send until a send succeeds again. */
  online: boolean;
  /** Lesson changes made offline and not yet acknowledged by the server. */
  pending: number;
}

export interface OfflineQueueOptions {
  /** Where queued changes survive a reload; in memory only when absent. */
  storage?: QueueStorage;
  /**
   * Defaults to 'coursekit.offline-queue'. Lesson keys belong to one course: give each course's
   * adapter a key of its own (the embed uses 'coursekit.offline-queue.{slug}').
   */
  storageKey?: string;
  /** First retry delay while offline; doubles up to a minute. Defaults to 2 s. */
  retryMs?: number;
}

export interface OfflineCourseAdapter extends CourseAdapter {
  offline: {
    status(): OfflineStatus;
    /** Calls `listener` whenever the status changes. */
    subscribe(listener: (status: OfflineStatus) => void): Unsubscribe;
    /** Sends what is queued now, in order; resolves when the queue is empty or the network fails. */
    flush(): Promise<void>;
  };
}

interface QueuedChange {
  lessonKey: string;
  completed: boolean;
  at: string;
}

const isOfflineError = (error: unknown) =>
  error instanceof CourseError && (error.code === 'network_error' || error.code === 'unavailable');

/**
 * Wraps an adapter so that lesson completions made while the network is down are kept (persisted
 * in the browser), shown at once, and sent when it comes back — in order, each lesson once.
 * Everything else passes through unchanged.
 */
export function withOfflineQueue(
  inner: CourseAdapter,
  options: OfflineQueueOptions = {},
): OfflineCourseAdapter {
  const key = options.storageKey ?? 'coursekit.offline-queue';
  const listeners = new Set<(status: OfflineStatus) => void>();
  let queue: QueuedChange[] = load();
  let online = true;
  let last: ProgressState | undefined;
  let modules: Module[] | undefined;
  const lessonsByModule = new Map<number, Lesson[]>();
  let flushing: Promise<void> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = options.retryMs ?? 2000;

  function load(): QueuedChange[] {
    try {
      const parsed = JSON.parse(options.storage?.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((c) => typeof c?.lessonKey === 'string') : [];
    } catch {
      return [];
    }
  }
  function save() {
    if (queue.length > 0) options.storage?.setItem(key, JSON.stringify(queue));
    else options.storage?.removeItem(key);
  }
  function status(): OfflineStatus {
    return { online, pending: queue.length };
  }
  function notify() {
    const current = status();
    for (const listener of listeners) listener(current);
  }
  function setOnline(next: boolean) {
    if (online === next) return;
    online = next;
    notify();
  }
  function scheduleRetry() {
    if (retryTimer !== undefined || queue.length === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void flush();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 60_000);
  }

  function enqueue(lessonKey: string, completed: boolean) {
    // A later change to the same lesson replaces the earlier one: each lesson is sent once.
    queue = [
      ...queue.filter((c) => c.lessonKey !== lessonKey),
      { lessonKey, completed, at: new Date().toISOString() },
    ];
    save();
    notify();
    scheduleRetry();
  }

  /** What the learner should see now: the last server state with the queued changes applied. */
  function optimistic(): ProgressState {
    if (!last) throw new CourseError('network_error', messages.authNetworkError);
    const allLessons = [...lessonsByModule.values()].flat();
    const records: ProgressRecord[] = last.records.map((r) => ({ ...r }));
    for (const change of queue) {
      const lesson = allLessons.find((l) => l.lesson_key === change.lessonKey);
      const existing = records.find((r) => r.lesson_key === change.lessonKey);
      if (existing) {
        existing.completed = change.completed;
        existing.updated_at = change.at;
      } else if (lesson) {
        records.push({
          id: -records.length - 1,
          user_id: records[0]?.user_id ?? '',
          lesson_id: lesson.id,
          lesson_key: lesson.lesson_key,
          module_id: lesson.module_id,
          completed: change.completed,
          lesson_order: lesson.order,
          tracking_method: 'stable',
          updated_at: change.at,
        });
      }
    }
    // The summary can only be recomputed once every module's lessons are known.
    if (!modules?.every((m) => lessonsByModule.has(m.id))) return { records, summary: last.summary };
    // Quiz results and the modules tested out of only change on the server: keep the last ones.
    const testedOut = new Set(last.summary.modules.filter((m) => m.testedOut).map((m) => m.moduleId));
    const summary = summarizeProgress({
      modules,
      lessons: allLessons,
      records,
      quizzes: [],
      attempts: [],
      testedOut,
    });
    const { quizPassed, hasPreAssessment, preAssessmentPassed } = last.summary;
    return {
      records,
      summary: {
        ...summary,
        quizPassed,
        hasPreAssessment,
        preAssessmentPassed,
        courseComplete: summary.isComplete && quizPassed,
      },
    };
  }

  function flush(): Promise<void> {
    flushing ??= (async () => {
      while (queue.length > 0) {
        const [head] = queue;
        try {
          last = await inner.progress.setLessonCompleted(head!.lessonKey, head!.completed);
        } catch (error) {
          if (isOfflineError(error)) {
            setOnline(false);
            scheduleRetry();
            return;
          }
          // Refused for good (the lesson is gone, the session ended): drop it rather than block the rest.
        }
        queue = queue.filter((c) => c !== head);
        save();
        retryDelay = options.retryMs ?? 2000;
        setOnline(true);
        notify();
      }
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  async function track(read: Promise<ProgressState>): Promise<ProgressState> {
    last = await read;
    setOnline(true);
    return last;
  }

  globalThis.addEventListener?.('online', () => void flush());
  if (queue.length > 0) scheduleRetry();

  return {
    ...inner,
    course: {
      // read-through: the catalog's progress is the server's; queued lessons show once they are sent
      catalog: () => inner.course.catalog(),
      outline: () => inner.course.outline(),
      async modules() {
        modules = await inner.course.modules();
        return modules;
      },
      async lessons(moduleId) {
        const lessons = await inner.course.lessons(moduleId);
        lessonsByModule.set(moduleId, lessons);
        return lessons;
      },
    },
    progress: {
      async get() {
        if (queue.length > 0) await flush();
        if (queue.length > 0) return optimistic();
        try {
          return await track(inner.progress.get());
        } catch (error) {
          if (isOfflineError(error) && last) {
            setOnline(false);
            return optimistic();
          }
          throw error;
        }
      },
      async setLessonCompleted(lessonKey, completed) {
        if (queue.length === 0) {
          try {
            return await track(inner.progress.setLessonCompleted(lessonKey, completed));
          } catch (error) {
            if (!isOfflineError(error)) throw error;
            setOnline(false);
          }
        }
        // Nothing to show the change on yet: fail now rather than queue a change the learner was told failed.
        if (!last) throw new CourseError('network_error', messages.authNetworkError);
        enqueue(lessonKey, completed);
        return optimistic();
      },
      reset: () => track(inner.progress.reset()),
      resetModule: (moduleId) => track(inner.progress.resetModule(moduleId)),
    },
    offline: {
      status,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      flush,
    },
  };
}
