/** Every query key the widgets use, in one place, so writes know exactly what to refresh. */
export const courseKeys = {
  all: ['coursekit'] as const,
  settings: () => [...courseKeys.all, 'settings'] as const,
  /** Every course of the platform, whichever course the adapter shows. */
  catalog: () => [...courseKeys.all, 'catalog'] as const,
  outline: () => [...courseKeys.all, 'outline'] as const,
  modules: () => [...courseKeys.all, 'modules'] as const,
  lessons: (moduleId: number) => [...courseKeys.all, 'lessons', moduleId] as const,
  progress: () => [...courseKeys.all, 'progress'] as const,
  quizzes: () => [...courseKeys.all, 'quizzes'] as const,
  quiz: (quizId: number) => [...courseKeys.all, 'quiz', quizId] as const,
  attempts: (quizId: number) => [...courseKeys.all, 'attempts', quizId] as const,
  /** Every quiz's attempts, for invalidating after a reset. */
  allAttempts: () => [...courseKeys.all, 'attempts'] as const,
  certificate: () => [...courseKeys.all, 'certificate'] as const,
  roles: () => [...courseKeys.all, 'roles'] as const,
};
