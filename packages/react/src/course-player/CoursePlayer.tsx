import { lazy, Suspense, useCallback } from 'react';
import { NavigationScope, useNavigate, useWidgetRoute } from '../provider/navigation';
import { parseRoute, type Route } from '../provider/routes';
import { useRoles, useSettings } from '../queries/courseQueries';
import { playerStrings } from '../strings/playerStrings';
import { useStrings } from '../strings/useStrings';
import { Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { useFocusOnChange } from '../ui/useFocusOnChange';
import { WidgetRoot } from '../ui/WidgetRoot';
import { Dashboard } from './Dashboard';
import { ModuleList } from './ModuleList';
import { ModuleView } from './ModuleView';
import { MaintenanceNotice, SystemBanner } from './SystemNotices';

// The quiz and progress screens load on demand, so a page showing only the lessons stays small.
const QuizRunner = lazy(() => import('../quiz-runner/QuizRunner').then((m) => ({ default: m.QuizRunner })));
const ProgressPanel = lazy(() =>
  import('../progress-panel/ProgressPanel').then((m) => ({ default: m.ProgressPanel })),
);

export type CoursePlayerScreen =
  | 'dashboard'
  | 'modules'
  | 'module'
  | 'quizzes'
  | 'assessment'
  | 'quiz'
  | 'results'
  | 'progress';

export interface CoursePlayerProps {
  /**
   * One screen for a host that routes itself (with CourseProvider's `onNavigate`). Without it the
   * player starts on the dashboard and moves between screens on its own.
   */
  screen?: CoursePlayerScreen;
  /** The module of the 'module' screen. */
  moduleId?: number;
  /** Open the 'module' screen on this lesson (its id) instead of the first incomplete one. */
  lessonId?: number;
  /** The quiz of the 'quiz' and 'results' screens. */
  quizId?: number;
  /** The course title on the dashboard (default: the course's own, from its outline). */
  title?: string;
  /** The course description on the dashboard (default: the course's own, from its outline). */
  description?: string;
}

function pathOf({ screen = 'dashboard', moduleId = 1, quizId = 0 }: CoursePlayerProps): string {
  const paths: Record<CoursePlayerScreen, string> = {
    dashboard: '/course',
    modules: '/modules',
    module: `/module/${moduleId}`,
    quizzes: '/quizzes',
    assessment: '/assessment',
    quiz: `/quiz/${quizId}`,
    results: `/quiz/${quizId}/results`,
    progress: '/progress',
  };
  return paths[screen];
}

const ownsLearnerPath = (path: string) => parseRoute(path).screen !== 'not-found';

/** The whole course for an embed, or one of its screens for a host app (learner §2). */
export function CoursePlayer(props: CoursePlayerProps) {
  const t = useStrings(playerStrings);
  return (
    <WidgetRoot label={t.coursePlayerLabel}>
      <Player {...props} />
    </WidgetRoot>
  );
}

function Player(props: CoursePlayerProps) {
  const owns = useCallback(ownsLearnerPath, []);
  const { path, internal, navigate } = useWidgetRoute(pathOf(props), owns);
  const route = parseRoute(internal ? path : pathOf(props));
  const settings = useSettings();
  const t = useStrings(playerStrings);
  const focusRef = useFocusOnChange<HTMLDivElement>(internal ? path : null);

  // learner §4: in maintenance, learners see the maintenance page and admins pass (a failed check
  // counts as not admin); 'Checking permissions...' shows while the check runs. Adapters answer
  // the defaults (maintenance off) when settings fail, so a broken settings read never blocks.
  const maintenance = settings.data?.maintenance_mode === true;
  const roles = useRoles(maintenance);
  const isAdmin = roles.data?.includes('admin') === true;
  let screen = <Screen route={route} {...props} />;
  if (settings.isPending) screen = <Skeletons count={1} />;
  else if (maintenance && !isAdmin) {
    screen = roles.isPending ? <Skeletons count={1} label={t.checkingPermissions} /> : <MaintenanceNotice />;
  }
  return (
    <div className={s.stack}>
      {settings.data ? <SystemBanner settings={settings.data} /> : null}
      <div ref={focusRef} tabIndex={-1} className={s.stack}>
        {internal ? <NavigationScope navigate={navigate}>{screen}</NavigationScope> : screen}
      </div>
    </div>
  );
}

function Screen({ route, title, description, lessonId }: { route: Route } & CoursePlayerProps) {
  switch (route.screen) {
    case 'dashboard':
      return <Dashboard title={title} description={description} />;
    case 'modules':
      return <ModuleList />;
    case 'module':
      return (
        <ModuleView
          key={route.moduleId}
          moduleId={route.moduleId}
          {...(lessonId !== undefined ? { initialLessonId: lessonId } : {})}
        />
      );
    case 'progress':
      return (
        <Suspense fallback={<Skeletons />}>
          <ProgressPanel />
        </Suspense>
      );
    case 'quizzes':
    case 'assessment':
      return (
        <Suspense fallback={<Skeletons />}>
          <QuizRunner view={route.screen === 'quizzes' ? 'list' : 'assessment'} />
        </Suspense>
      );
    case 'quiz':
    case 'results':
      return (
        <Suspense fallback={<Skeletons />}>
          <QuizRunner key={`${route.screen}-${route.quizId}`} view={route.screen} quizId={route.quizId} />
        </Suspense>
      );
    default:
      return <NotFound />;
  }
}

function NotFound() {
  const navigate = useNavigate();
  const t = useStrings(playerStrings);
  return (
    <div className={s.card} role="alert">
      <h2 className={s.heading}>{t.notFoundTitle}</h2>
      <div>
        <button type="button" className={s.button.primary} onClick={() => navigate('/')}>
          {t.returnHome}
        </button>
      </div>
    </div>
  );
}
