import { Suspense, useCallback } from 'react';
import { NavigationScope, useWidgetRoute } from '../provider/navigation';
import { Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { WidgetRoot } from '../ui/WidgetRoot';
import { AdminGuard } from './AdminGuard';
import { type AdminTab, ConsoleTabs } from './ConsoleTabs';
import { CoursePicker } from './courses/CoursePicker';
import { ContentTools, UserProgressPage } from './lazyPanels';
import { SummaryCards } from './SummaryCards';

export type AdminConsoleScreen = 'console' | 'user-progress' | 'content-loader';
export type { AdminTab };

export interface AdminConsoleProps {
  /**
   * One screen for a host that routes itself (admin §2: /admin, /admin/user-progress,
   * /content-loader). Without a host router the console moves between them on its own.
   */
  screen?: AdminConsoleScreen;
  /** The open tab of the console; without it the console keeps its own (User Management first). */
  tab?: AdminTab;
  /** Hears every tab change, so a host can keep the tab in its address. */
  onTabChange?: (tab: AdminTab) => void;
  /** The learner selected on the user-progress screen. */
  userId?: string | null;
  /** Hears the user-progress selection (null when none), so a host can keep ?userId= in sync. */
  onUserChange?: (userId: string | null) => void;
  /** Go to Sign In, when the guard turns the visitor away; by default the widget navigates to /signin. */
  onSignIn?: () => void;
}

const PATHS: Record<AdminConsoleScreen, string> = {
  console: '/admin',
  'user-progress': '/admin/user-progress',
  'content-loader': '/content-loader',
};

function pathOf({ screen = 'console', userId }: AdminConsoleProps): string {
  return screen === 'user-progress' && userId
    ? `${PATHS[screen]}?userId=${encodeURIComponent(userId)}`
    : PATHS[screen];
}

function parseAdminPath(path: string): { screen: AdminConsoleScreen; userId: string | null } | null {
  const [pathname = '', query = ''] = path.split('?');
  const clean = pathname.replace(/\/+$/, '');
  if (clean === '/admin' || clean === '/admin/dashboard') return { screen: 'console', userId: null };
  if (clean === '/content-loader') return { screen: 'content-loader', userId: null };
  if (clean === '/admin/user-progress')
    return { screen: 'user-progress', userId: new URLSearchParams(query).get('userId') };
  return null;
}

const ownsAdminPath = (path: string) => parseAdminPath(path) !== null;

/**
 * The administrator's widget (admin §2): the console, the user-progress page and the content tools,
 * each about the course picked in its header (the default course until one is picked).
 */
export function AdminConsole(props: AdminConsoleProps) {
  return (
    <WidgetRoot label="Admin Console">
      <AdminGuard onSignIn={props.onSignIn}>
        <Console {...props} />
      </AdminGuard>
    </WidgetRoot>
  );
}

function Console(props: AdminConsoleProps) {
  const owns = useCallback(ownsAdminPath, []);
  const { path, internal, navigate } = useWidgetRoute(pathOf(props), owns);
  const route = parseAdminPath(internal ? path : pathOf(props)) ?? { screen: 'console', userId: null };
  const onUserChange = (userId: string | null) => {
    props.onUserChange?.(userId);
    if (internal) navigate(pathOf({ screen: 'user-progress', userId }));
  };

  let screen = (
    <div className={s.stack}>
      <div className={s.spread}>
        <h2 className={s.heading}>Admin Console</h2>
        <CoursePicker />
      </div>
      <SummaryCards />
      <ConsoleTabs
        {...(props.tab ? { tab: props.tab } : {})}
        {...(props.onTabChange ? { onTabChange: props.onTabChange } : {})}
      />
    </div>
  );
  // The course-specific screens name their course too, and can move to another.
  if (route.screen === 'user-progress') {
    screen = (
      <div className={s.stack}>
        <CoursePicker />
        <UserProgressPage
          userId={internal ? route.userId : (props.userId ?? null)}
          onUserChange={onUserChange}
        />
      </div>
    );
  } else if (route.screen === 'content-loader') {
    screen = (
      <div className={s.stack}>
        <CoursePicker />
        <ContentTools headingLevel={2} />
      </div>
    );
  }
  const suspended = <Suspense fallback={<Skeletons />}>{screen}</Suspense>;
  return internal ? <NavigationScope navigate={navigate}>{suspended}</NavigationScope> : suspended;
}
