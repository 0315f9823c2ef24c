import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { rootRoute } from './router';
import { learner, pages, positiveInt, quizzes } from './routeScreens';
import { RequireAuth } from './session/RequireAuth';

/**
 * Any course by its slug: '/courses/{slug}' followed by the default course's learner §2
 * paths, the same screens on that course's adapter. An unknown slug shows the not-found page.
 */
export function courseRoutes(parent: typeof rootRoute) {
  const scope = createRoute({
    getParentRoute: () => parent,
    path: '/courses/$slug',
    // loaded with the first course page, so the landing page carries none of it
    component: lazyRouteComponent(() => import('./layout/CourseScopeLayout'), 'CourseScopeLayout'),
  });
  const home = createRoute({
    getParentRoute: () => scope,
    path: '/',
    beforeLoad: ({ params }) => {
      throw redirect({ to: '/courses/$slug/course', params, replace: true });
    },
  });

  // The router hands a route's parser its parents' params too: the slug is there.
  const slugOf = (params: object) => (params as { slug: string }).slug;

  /** learner §2: a module id that is not a number goes to the course's /modules. */
  const moduleParams = {
    parse: (params: { moduleId: string }) => {
      const moduleId = positiveInt(params.moduleId);
      if (moduleId === null) {
        throw redirect({ to: '/courses/$slug/modules', params: { slug: slugOf(params) }, replace: true });
      }
      return { moduleId };
    },
    stringify: (params: { moduleId: number }) => ({ moduleId: String(params.moduleId) }),
  };
  const quizParams = {
    parse: (params: { quizId: string }) => {
      const quizId = positiveInt(params.quizId);
      if (quizId === null) {
        throw redirect({ to: '/courses/$slug/quizzes', params: { slug: slugOf(params) }, replace: true });
      }
      return { quizId };
    },
    stringify: (params: { quizId: number }) => ({ quizId: String(params.quizId) }),
  };
  // The screens whose widgets show their own sign-in prompt, as on the default course's routes.
  const open = [
    createRoute({ getParentRoute: () => scope, path: '/progress', component: learner('ProgressScreen') }),
    createRoute({ getParentRoute: () => scope, path: '/assessment', component: quizzes('AssessmentScreen') }),
    createRoute({ getParentRoute: () => scope, path: '/quizzes', component: quizzes('QuizzesScreen') }),
  ];

  // Signed-out visitors go to /signin.
  const authed = createRoute({ getParentRoute: () => scope, id: 'course-authed', component: RequireAuth });
  const signedIn = [
    createRoute({ getParentRoute: () => authed, path: '/course', component: learner('CourseScreen') }),
    createRoute({ getParentRoute: () => authed, path: '/modules', component: learner('ModulesScreen') }),
    createRoute({
      getParentRoute: () => authed,
      path: '/module/$moduleId',
      params: moduleParams,
      component: learner('ModuleScreen'),
    }),
    createRoute({
      getParentRoute: () => authed,
      path: '/module-page/$moduleId',
      params: moduleParams,
      component: learner('ModuleScreen'),
    }),
    createRoute({
      getParentRoute: () => authed,
      path: '/lesson/$moduleId/$lessonId',
      params: {
        parse: (params: { moduleId: string; lessonId: string }) => ({
          moduleId: moduleParams.parse(params).moduleId,
          lessonId: params.lessonId,
        }),
        stringify: (params: { moduleId: number; lessonId: string }) => ({
          moduleId: String(params.moduleId),
          lessonId: params.lessonId,
        }),
      },
      component: learner('ModuleScreen'),
    }),
    createRoute({
      getParentRoute: () => authed,
      path: '/course-quizzes',
      component: quizzes('QuizzesScreen'),
    }),
    createRoute({
      getParentRoute: () => authed,
      path: '/quiz/$quizId',
      params: quizParams,
      component: quizzes('QuizScreen'),
    }),
    createRoute({
      getParentRoute: () => authed,
      path: '/quiz/$quizId/results',
      params: quizParams,
      component: quizzes('QuizResultsScreen'),
    }),
    createRoute({ getParentRoute: () => authed, path: '/syllabus', component: pages('Syllabus') }),
  ];

  return scope.addChildren([home, ...open, authed.addChildren(signedIn)]);
}
