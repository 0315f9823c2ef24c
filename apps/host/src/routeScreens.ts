import { lazyRouteComponent } from '@tanstack/react-router';

// The screens routes load on demand, shared by the default course's routes and those under
// '/courses/{slug}' (router.tsx, courseRoutes.tsx), so the landing page carries no widget code.

export const learner = (name: 'CourseScreen' | 'ModulesScreen' | 'ModuleScreen' | 'ProgressScreen') =>
  lazyRouteComponent(() => import('./learner/LearnerScreens'), name);
export const quizzes = (name: 'AssessmentScreen' | 'QuizzesScreen' | 'QuizScreen' | 'QuizResultsScreen') =>
  lazyRouteComponent(() => import('./learner/QuizScreens'), name);
export const pages = (
  name: 'About' | 'Profile' | 'EditProfile' | 'Account' | 'Syllabus' | 'CertificateCheck' | 'Catalog',
) => lazyRouteComponent(() => import('./pages/lazyPages'), name);

/** A path segment that is a positive whole number (a module or quiz id), or null. */
export const positiveInt = (value: string) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};
