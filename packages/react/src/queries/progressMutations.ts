import type { ProgressState } from '@coursekit/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCourseAdapter } from '../provider/useCourseAdapter';
import { courseKeys } from './courseKeys';

/** A write answers the new progress: every view reading progress updates from it at once. */
function settle(client: QueryClient, state: ProgressState) {
  client.setQueryData(courseKeys.progress(), state);
  void client.invalidateQueries({ queryKey: courseKeys.certificate() });
}

export function useSetLessonCompleted() {
  const adapter = useCourseAdapter();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonKey, completed }: { lessonKey: string; completed: boolean }) =>
      adapter.progress.setLessonCompleted(lessonKey, completed),
    onSuccess: (state) => settle(client, state),
  });
}

export function useResetProgress() {
  const adapter = useCourseAdapter();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adapter.progress.reset(),
    onSuccess: (state) => {
      settle(client, state);
      // learner §4: resetting progress deletes quiz attempts too.
      void client.invalidateQueries({ queryKey: courseKeys.quizzes() });
      void client.invalidateQueries({ queryKey: courseKeys.allAttempts() });
    },
  });
}

export function useResetModule() {
  const adapter = useCourseAdapter();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (moduleId: number) => adapter.progress.resetModule(moduleId),
    onSuccess: (state) => settle(client, state),
  });
}

/** After an attempt completes, its quiz card, attempts and the progress summary change. */
export function invalidateAfterAttempt(client: QueryClient, quizId: number) {
  void client.invalidateQueries({ queryKey: courseKeys.quizzes() });
  void client.invalidateQueries({ queryKey: courseKeys.attempts(quizId) });
  void client.invalidateQueries({ queryKey: courseKeys.progress() });
  void client.invalidateQueries({ queryKey: courseKeys.certificate() });
}
