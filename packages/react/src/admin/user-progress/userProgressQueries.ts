import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../adminKeys';
import { useAdmin, useAdminCourse } from '../useAdmin';

/** admin §2: the selector's profiles, newest first (the adapter's order). */
export function useSelectableUsers() {
  const admin = useAdmin();
  return useQuery({ queryKey: adminKeys.selectable(), queryFn: () => admin.users.selectable() });
}

/** One learner's summary, quiz summaries and pre-assessment result. */
export function useUserProgress(userId: string) {
  const admin = useAdmin();
  const { course } = useAdminCourse();
  return useQuery({
    queryKey: adminKeys.userProgress(userId, course),
    queryFn: () => admin.userProgress.get(userId),
  });
}

/** admin §2's attempts dialog: every attempt of one quiz, fetched only while the dialog is open. */
export function useUserAttempts(userId: string, quizId: number, enabled: boolean) {
  const admin = useAdmin();
  const { course } = useAdminCourse();
  return useQuery({
    queryKey: adminKeys.attempts(userId, quizId, course),
    queryFn: () => admin.userProgress.attempts(userId, quizId),
    enabled,
  });
}

export type ResetTarget =
  | { kind: 'all' }
  | { kind: 'module'; moduleId: number }
  | { kind: 'quiz'; quizId: number }
  | { kind: 'pre-assessment' };

/** Every admin reset of one learner; afterwards the learner's whole view (and attempts) reloads. */
export function useResetUserProgress(userId: string) {
  const admin = useAdmin();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: ResetTarget) => {
      switch (target.kind) {
        case 'all':
          return admin.userProgress.reset(userId);
        case 'module':
          return admin.userProgress.resetModule(userId, target.moduleId);
        case 'quiz':
          return admin.userProgress.resetQuiz(userId, target.quizId);
        case 'pre-assessment':
          return admin.userProgress.resetPreAssessment(userId);
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.userProgress(userId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.courses() }), // its learners
      ]),
  });
}
