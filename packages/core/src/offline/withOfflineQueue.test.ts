import { describe, expect, it } from 'vitest';
import type { CourseAdapter } from '../adapter/CourseAdapter';
import { CourseError } from '../errors';
import { summarizeProgress } from '../rules/progress';
import type { Lesson, Module, ProgressRecord } from '../schemas/entities';
import { type QueueStorage, withOfflineQueue } from './withOfflineQueue';

const modules: Module[] = [1, 2].map((id) => ({
  id,
  name: `M${id}`,
  description: '',
  order_index: id,
  duration_minutes: null,
}));
const lessons: Lesson[] = modules.flatMap((m) =>
  [1, 2].map((order) => ({
    id: m.id * 10 + order,
    lesson_key: `module_${m.id}_${order}_l`,
    title: `L${order}`,
    content: '<p>x</p>',
    content_hash: 'h',
    order,
    original_order: order,
    module_id: m.id,
    is_active: true,
    version: 1,
    updated_at: '2026-01-01T00:00:00Z',
  })),
);

/** A backend in memory whose network can be pulled, recording every write it receives. */
function backend() {
  const state = {
    down: false,
    records: new Map<string, ProgressRecord>(),
    writes: [] as string[],
    /** The modules the server says the learner tested out of. */
    testedOut: new Set<number>(),
  };
  const guard = () => {
    if (state.down) throw new CourseError('network_error', 'Network error');
  };
  const progressState = () => {
    const records = [...state.records.values()];
    const summary = summarizeProgress({
      modules,
      lessons,
      records,
      quizzes: [],
      attempts: [],
      testedOut: state.testedOut,
    });
    return { records, summary };
  };
  const adapter = {
    course: {
      async modules() {
        guard();
        return modules;
      },
      async lessons(moduleId: number) {
        guard();
        return lessons.filter((l) => l.module_id === moduleId);
      },
    },
    progress: {
      async get() {
        guard();
        return progressState();
      },
      async setLessonCompleted(lessonKey: string, completed: boolean) {
        guard();
        const lesson = lessons.find((l) => l.lesson_key === lessonKey);
        if (!lesson) throw new CourseError('not_found', 'Lesson does not exist');
        state.writes.push(`${lessonKey}=${completed}`);
        state.records.set(lessonKey, {
          id: state.records.size + 1,
          user_id: 'u',
          lesson_id: lesson.id,
          lesson_key: lessonKey,
          module_id: lesson.module_id,
          completed,
          lesson_order: lesson.order,
          tracking_method: 'stable',
          updated_at: new Date().toISOString(),
        });
        return progressState();
      },
      reset: async () => progressState(),
      resetModule: async () => progressState(),
    },
  } as unknown as CourseAdapter;
  return { state, adapter };
}

function memoryStorage(): QueueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => data.set(k, v),
    removeItem: (k) => data.delete(k),
  };
}

async function loaded(adapter: CourseAdapter) {
  await adapter.course.modules();
  for (const m of modules) await adapter.course.lessons(m.id);
  await adapter.progress.get();
}

describe('the offline queue', () => {
  it('passes completions straight through while online', async () => {
    const { state, adapter } = backend();
    const offline = withOfflineQueue(adapter, { retryMs: 60_000 });
    await offline.progress.setLessonCompleted('module_1_1_l', true);
    expect(state.writes).toEqual(['module_1_1_l=true']);
    expect(offline.offline.status()).toEqual({ online: true, pending: 0 });
  });

  it('keeps completions made offline, shows them at once, and says it is offline', async () => {
    const { state, adapter } = backend();
    const storage = memoryStorage();
    const offline = withOfflineQueue(adapter, { storage, retryMs: 60_000 });
    await loaded(offline);
    const seen: unknown[] = [];
    offline.offline.subscribe((s) => seen.push(s));

    state.down = true;
    const shown = await offline.progress.setLessonCompleted('module_1_1_l', true);
    expect(shown.summary).toMatchObject({ completedLessons: 1, nextLessonId: 12, hasStarted: true });
    expect(shown.summary.modules[0]?.progressPercentage).toBe(50);
    expect(offline.offline.status()).toEqual({ online: false, pending: 1 });
    expect(seen.at(-1)).toEqual({ online: false, pending: 1 });
    expect(JSON.parse(storage.data.get('coursekit.offline-queue')!)).toHaveLength(1);
    expect((await offline.progress.get()).summary.completedLessons).toBe(1);
    expect(state.writes).toEqual([]);
  });

  it('keeps the modules the server said were tested out of in what it shows offline', async () => {
    const { state, adapter } = backend();
    state.testedOut = new Set([1]);
    const offline = withOfflineQueue(adapter, { storage: memoryStorage(), retryMs: 60_000 });
    await loaded(offline);
    state.down = true;
    const shown = await offline.progress.setLessonCompleted('module_2_1_l', true);
    expect(shown.summary.modules.map((m) => m.testedOut)).toEqual([true, false]);
    // Module 1's lessons are passed over: the next lesson is module 2's second, not module 1's first.
    expect(shown.summary).toMatchObject({ completedLessons: 1, nextModuleId: 2, nextLessonId: 22 });
  });

  it('survives a reload and sends each lesson once, in order, when the network is back', async () => {
    const { state, adapter } = backend();
    const storage = memoryStorage();
    const first = withOfflineQueue(adapter, { storage, retryMs: 60_000 });
    await loaded(first);
    state.down = true;
    await first.progress.setLessonCompleted('module_1_1_l', true);
    await first.progress.setLessonCompleted('module_1_2_l', true);
    await first.progress.setLessonCompleted('module_2_1_l', true);
    await first.progress.setLessonCompleted('module_1_1_l', false);
    await first.progress.setLessonCompleted('module_1_1_l', true);

    const afterReload = withOfflineQueue(adapter, { storage, retryMs: 60_000 });
    expect(afterReload.offline.status().pending).toBe(3);
    state.down = false;
    const state2 = await afterReload.progress.get();
    expect(state.writes).toEqual(['module_1_2_l=true', 'module_2_1_l=true', 'module_1_1_l=true']);
    expect(state2.summary.completedLessons).toBe(3);
    expect(afterReload.offline.status()).toEqual({ online: true, pending: 0 });
    expect(storage.data.has('coursekit.offline-queue')).toBe(false);

    await afterReload.offline.flush();
    expect(state.writes).toHaveLength(3);
  });

  it('queues behind earlier changes even once the network is back, to keep their order', async () => {
    const { state, adapter } = backend();
    const offline = withOfflineQueue(adapter, { retryMs: 60_000 });
    await loaded(offline);
    state.down = true;
    await offline.progress.setLessonCompleted('module_1_1_l', true);
    state.down = false;
    await offline.progress.setLessonCompleted('module_1_2_l', true);
    await offline.offline.flush();
    expect(state.writes).toEqual(['module_1_1_l=true', 'module_1_2_l=true']);
  });

  it('drops a change the server refuses for good and sends the rest', async () => {
    const { state, adapter } = backend();
    const offline = withOfflineQueue(adapter, { retryMs: 60_000 });
    await loaded(offline);
    state.down = true;
    await offline.progress.setLessonCompleted('module_9_9_gone', true);
    await offline.progress.setLessonCompleted('module_2_2_l', true);
    state.down = false;
    await offline.offline.flush();
    expect(state.writes).toEqual(['module_2_2_l=true']);
    expect(offline.offline.status().pending).toBe(0);
  });

  it('retries on its own after the retry delay', async () => {
    const { state, adapter } = backend();
    const offline = withOfflineQueue(adapter, { retryMs: 20 });
    await loaded(offline);
    state.down = true;
    await offline.progress.setLessonCompleted('module_1_1_l', true);
    state.down = false;
    await expect.poll(() => state.writes, { timeout: 2000 }).toEqual(['module_1_1_l=true']);
  });

  it('passes other errors through', async () => {
    const { adapter } = backend();
    const offline = withOfflineQueue(adapter);
    await expect(offline.progress.setLessonCompleted('module_9_9_gone', true)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('cannot show progress offline before any was loaded', async () => {
    const { state, adapter } = backend();
    const offline = withOfflineQueue(adapter, { retryMs: 60_000 });
    state.down = true;
    await expect(offline.progress.setLessonCompleted('module_1_1_l', true)).rejects.toMatchObject({
      code: 'network_error',
    });
  });
});
