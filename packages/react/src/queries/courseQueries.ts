import { useQuery } from '@tanstack/react-query';
import { useCourseAdapter } from '../provider/useCourseAdapter';
import { courseKeys } from './courseKeys';

export function useSettings() {
  const adapter = useCourseAdapter();
  return useQuery({
    queryKey: courseKeys.settings(),
    queryFn: () => adapter.settings.get(),
    staleTime: Infinity,
  });
}

/** The platform's courses, with the learner's progress in each when signed in (public). */
export function useCatalog() {
  const adapter = useCourseAdapter();
  // always asked again when shown: progress made in any course changes it
  return useQuery({ queryKey: courseKeys.catalog(), queryFn: () => adapter.course.catalog(), staleTime: 0 });
}

/** What the course says about itself: title, time texts, objectives, modules (public, rarely changes). */
export function useOutline() {
  const adapter = useCourseAdapter();
  return useQuery({
    queryKey: courseKeys.outline(),
    queryFn: () => adapter.course.outline(),
    staleTime: 5 * 60_000,
  });
}

export function useModules() {
  const adapter = useCourseAdapter();
  return useQuery({ queryKey: courseKeys.modules(), queryFn: () => adapter.course.modules() });
}

export function useLessons(moduleId: number, enabled = true) {
  const adapter = useCourseAdapter();
  return useQuery({
    queryKey: courseKeys.lessons(moduleId),
    queryFn: () => adapter.course.lessons(moduleId),
    enabled,
  });
}

export function useProgress() {
  const adapter = useCourseAdapter();
  return useQuery({ queryKey: courseKeys.progress(), queryFn: () => adapter.progress.get() });
}

export function useQuizList() {
  const adapter = useCourseAdapter();
  return useQuery({ queryKey: courseKeys.quizzes(), queryFn: () => adapter.quizzes.list() });
}

export function useQuiz(quizId: number | undefined) {
  const adapter = useCourseAdapter();
  return useQuery({
    queryKey: courseKeys.quiz(quizId ?? -1),
    queryFn: () => adapter.quizzes.get(quizId!),
    enabled: quizId !== undefined,
  });
}

export function useAttempts(quizId: number | undefined) {
  const adapter = useCourseAdapter();
  return useQuery({
    queryKey: courseKeys.attempts(quizId ?? -1),
    queryFn: () => adapter.quizzes.attempts(quizId!),
    enabled: quizId !== undefined,
  });
}

export function useCertificate(enabled: boolean) {
  const adapter = useCourseAdapter();
  return useQuery({
    queryKey: courseKeys.certificate(),
    queryFn: async () => (await adapter.certificate?.get()) ?? null,
    enabled,
  });
}

/** The learner's roles; admins pass maintenance mode (learner §4). Cached 30 s (learner §9). */
export function useRoles(enabled: boolean) {
  const adapter = useCourseAdapter();
  return useQuery({
    queryKey: courseKeys.roles(),
    queryFn: () => adapter.profile.roles(),
    enabled,
    staleTime: 30_000,
  });
}
