/**
 * The reference API's paths, relative to its base URL (`/api` on the reference server). The HTTP
 * adapter, the MSW mocks and the Express routers all build paths from here, so they cannot drift.
 * Bodies and answers are the zod schemas of this package.
 */
export const apiPaths = {
  health: '/health',

  signUp: '/auth/signup',
  signIn: '/auth/signin',
  signOut: '/auth/signout',
  refresh: '/auth/refresh',
  user: '/auth/user',
  verifyEmail: '/auth/verify',
  resendVerification: '/auth/resend',
  recover: '/auth/recover',
  password: '/auth/password',

  settings: '/settings',
  settingsStream: '/settings/stream',

  profile: '/profile',
  roles: '/profile/roles',

  modules: '/modules',
  lessons: (moduleId: number | string) => `/modules/${moduleId}/lessons`,

  progress: '/progress',
  progressLesson: (lessonKey: string) => `/progress/lessons/${encodeURIComponent(lessonKey)}`,
  progressModule: (moduleId: number | string) => `/progress/modules/${moduleId}`,

  quizzes: '/quizzes',
  quiz: (quizId: number | string) => `/quizzes/${quizId}`,
  quizAttempts: (quizId: number | string) => `/quizzes/${quizId}/attempts`,
  attemptAnswers: (attemptId: number | string) => `/attempts/${attemptId}/answers`,
  attemptComplete: (attemptId: number | string) => `/attempts/${attemptId}/complete`,

  certificate: '/certificate',
  certificatePdf: '/certificate/pdf',
  certificateCheck: (code: string) => `/certificates/${encodeURIComponent(code)}`,
} as const;
