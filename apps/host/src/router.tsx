import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { courseRoutes } from './courseRoutes';
import { ErrorScreen } from './layout/ErrorScreen';
import { RootLayout } from './layout/RootLayout';
import { Landing } from './pages/Landing';
import { learner, pages, positiveInt, quizzes } from './routeScreens';
import { RequireAuth } from './session/RequireAuth';
import { LoadingScreen } from './ui/LoadingScreen';

// Learner §2 and admin §2 routes, and the catalog and any course by slug (courseRoutes).
// Screens built from @coursekit/react, the account pages and the admin routes load on demand, so the
// landing page carries no quiz or admin code.
const auth = (name: 'SignIn' | 'SignUp' | 'ResetPassword' | 'VerificationSuccess') =>
  lazyRouteComponent(() => import('./auth/authScreens'), name);
const admin = (name: 'AdminHome' | 'AdminUserProgress' | 'ContentLoader') =>
  lazyRouteComponent(() => import('./admin/AdminScreens'), name);

const organisationScreen = (name: 'OrganisationConsoleScreen' | 'AcceptInvitationScreen') =>
  lazyRouteComponent(() => import('./organisations/OrganisationScreens'), name);

const NotFound = lazyRouteComponent(() => import('./layout/NotFound'), 'NotFound');
/** learner §2: a module id that is not a number goes to /modules. */
const moduleParams = {
  parse: (params: { moduleId: string }) => {
    const moduleId = positiveInt(params.moduleId);
    if (moduleId === null) throw redirect({ to: '/modules', replace: true });
    return { moduleId };
  },
  stringify: (params: { moduleId: number }) => ({ moduleId: String(params.moduleId) }),
};
const quizParams = {
  parse: (params: { quizId: string }) => {
    const quizId = positiveInt(params.quizId);
    if (quizId === null) throw redirect({ to: '/quizzes', replace: true });
    return { quizId };
  },
  stringify: (params: { quizId: number }) => ({ quizId: String(params.quizId) }),
};

export const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
});

const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Landing });
const about = createRoute({ getParentRoute: () => rootRoute, path: '/about', component: pages('About') });
const signin = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signin',
  component: auth('SignIn'),
});
const signup = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  component: auth('SignUp'),
});
const resetPassword = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  component: auth('ResetPassword'),
});
const verification = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verification-success',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: auth('VerificationSuccess'),
});
const catalog = createRoute({
  getParentRoute: () => rootRoute,
  path: '/courses',
  component: pages('Catalog'),
});
const certificates = createRoute({
  getParentRoute: () => rootRoute,
  path: '/certificates',
  component: pages('CertificateCheck'),
});
// An organisation's entry: the site in its theme, with its name (organisation/OrganisationEntry).
const organisationEntry = createRoute({
  getParentRoute: () => rootRoute,
  path: '/o/$slug',
  component: lazyRouteComponent(() => import('./organisation/OrganisationEntry'), 'OrganisationEntry'),
});
const certificate = createRoute({
  getParentRoute: () => rootRoute,
  path: '/certificates/$code',
  component: pages('CertificateCheck'),
});

// Screens whose widgets show their own sign-in prompt (learner §2 /progress, /assessment, /quizzes).
const progress = createRoute({
  getParentRoute: () => rootRoute,
  path: '/progress',
  component: learner('ProgressScreen'),
});
const assessment = createRoute({
  getParentRoute: () => rootRoute,
  path: '/assessment',
  component: quizzes('AssessmentScreen'),
});
const quizList = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quizzes',
  component: quizzes('QuizzesScreen'),
});

// The invitation mail's link: no session needed (the token proves the e-mail).
const acceptInvitation = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accept-invitation',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: organisationScreen('AcceptInvitationScreen'),
});

// Signed-out visitors go to /signin.
const authed = createRoute({ getParentRoute: () => rootRoute, id: 'authed', component: RequireAuth });
const course = createRoute({
  getParentRoute: () => authed,
  path: '/course',
  component: learner('CourseScreen'),
});
// An organisation's managers' console; the server lets in its managers and admins only.
const organisationConsole = createRoute({
  getParentRoute: () => authed,
  path: '/organisations/$organisationId',
  component: organisationScreen('OrganisationConsoleScreen'),
});
const modules = createRoute({
  getParentRoute: () => authed,
  path: '/modules',
  component: learner('ModulesScreen'),
});
const module = createRoute({
  getParentRoute: () => authed,
  path: '/module/$moduleId',
  params: moduleParams,
  component: learner('ModuleScreen'),
});
const modulePage = createRoute({
  getParentRoute: () => authed,
  path: '/module-page/$moduleId',
  params: moduleParams,
  component: learner('ModuleScreen'),
});
const lesson = createRoute({
  getParentRoute: () => authed,
  path: '/lesson/$moduleId/$lessonId',
  params: {
    parse: (params: { moduleId: string; lessonId: string }) => {
      const moduleId = positiveInt(params.moduleId);
      if (moduleId === null) throw redirect({ to: '/modules', replace: true });
      return { moduleId, lessonId: params.lessonId };
    },
    stringify: (params: { moduleId: number; lessonId: string }) => ({
      moduleId: String(params.moduleId),
      lessonId: params.lessonId,
    }),
  },
  component: learner('ModuleScreen'),
});
const courseQuizzes = createRoute({
  getParentRoute: () => authed,
  path: '/course-quizzes',
  component: quizzes('QuizzesScreen'),
});
const quiz = createRoute({
  getParentRoute: () => authed,
  path: '/quiz/$quizId',
  params: quizParams,
  component: quizzes('QuizScreen'),
});
const quizResults = createRoute({
  getParentRoute: () => authed,
  path: '/quiz/$quizId/results',
  params: quizParams,
  component: quizzes('QuizResultsScreen'),
});
const profile = createRoute({ getParentRoute: () => authed, path: '/profile', component: pages('Profile') });
const editProfile = createRoute({
  getParentRoute: () => authed,
  path: '/edit-profile',
  component: pages('EditProfile'),
});
const account = createRoute({ getParentRoute: () => authed, path: '/account', component: pages('Account') });
const syllabus = createRoute({
  getParentRoute: () => authed,
  path: '/syllabus',
  component: pages('Syllabus'),
});

// admin §2: admin only. Every admin screen is the AdminConsole widget, in a route chunk of its own.
const ADMIN_TABS = [
  'users',
  'progress',
  'settings',
  'content',
  'tracking',
  'analytics',
  'organisations',
  'lti',
] as const;
type AdminTabName = (typeof ADMIN_TABS)[number];
/** ?tab= opens one of the console's tabs (kept in the address as the admin switches tabs). */
const adminTabSearch = (search: Record<string, unknown>): { tab?: AdminTabName } =>
  ADMIN_TABS.includes(search.tab as AdminTabName) ? { tab: search.tab as AdminTabName } : {};
const adminGuard = createRoute({
  getParentRoute: () => rootRoute,
  id: 'admin-guard',
  component: lazyRouteComponent(() => import('./admin/AdminGuard'), 'AdminGuard'),
});
const adminIndex = createRoute({
  getParentRoute: () => adminGuard,
  path: '/admin',
  validateSearch: adminTabSearch,
  component: admin('AdminHome'),
});
const adminDashboard = createRoute({
  getParentRoute: () => adminGuard,
  path: '/admin/dashboard',
  validateSearch: adminTabSearch,
  component: admin('AdminHome'),
});
const adminUserProgress = createRoute({
  getParentRoute: () => adminGuard,
  path: '/admin/user-progress',
  validateSearch: (search: Record<string, unknown>): { userId?: string } =>
    typeof search.userId === 'string' && search.userId ? { userId: search.userId } : {},
  component: admin('AdminUserProgress'),
});
const contentLoader = createRoute({
  getParentRoute: () => adminGuard,
  path: '/content-loader',
  component: admin('ContentLoader'),
});

// The course studio, for authors (moderators) and admins; its own check of the role.
const studio = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/studio',
  component: lazyRouteComponent(() => import('./admin/StudioScreen'), 'StudioScreen'),
});

export const routeTree = rootRoute.addChildren([
  studio,
  index,
  about,
  signin,
  signup,
  resetPassword,
  verification,
  catalog,
  courseRoutes(rootRoute),
  certificates,
  certificate,
  organisationEntry,
  progress,
  assessment,
  quizList,
  acceptInvitation,
  authed.addChildren([
    organisationConsole,
    course,
    modules,
    module,
    modulePage,
    lesson,
    courseQuizzes,
    quiz,
    quizResults,
    profile,
    editProfile,
    account,
    syllabus,
  ]),
  adminGuard.addChildren([adminIndex, adminDashboard, adminUserProgress, contentLoader]),
]);

export function createHostRouter() {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    defaultErrorComponent: ErrorScreen,
    defaultPendingComponent: () => <LoadingScreen />,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createHostRouter>;
  }
}

export {
  adminUserProgress as adminUserProgressRoute,
  lesson as lessonRoute,
  verification as verificationRoute,
};
