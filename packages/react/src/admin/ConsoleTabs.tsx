import * as Tabs from '@radix-ui/react-tabs';
import { type ReactNode, Suspense, useState } from 'react';
import { useNavigate } from '../provider/navigation';
import { Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import {
  AnalyticsPanel,
  ContentTools,
  LtiPanel,
  OrganisationsPanel,
  StableTrackingAdmin,
  SystemSettingsTab,
} from './lazyPanels';
import { ltiStrings } from './lti/ltiStrings';
import { organisationStrings } from './organisations/organisationStrings';
import { UserManagement } from './users/UserManagement';

const Loading = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Skeletons count={1} />}>{children}</Suspense>
);

export type AdminTab =
  | 'users'
  | 'progress'
  | 'settings'
  | 'content'
  | 'tracking'
  | 'analytics'
  | 'organisations'
  | 'lti';

const TABS: ReadonlyArray<readonly [AdminTab, string]> = [
  ['users', 'User Management'],
  ['progress', 'User Progress'],
  ['settings', 'System Settings'],
  ['content', 'Content Management'],
  ['tracking', 'Stable Tracking'],
  ['analytics', 'Analytics'],
  ['organisations', organisationStrings.tab],
  ['lti', ltiStrings.tab],
];

const isTab = (value: string): value is AdminTab => TABS.some(([tab]) => tab === value);

/**
 * admin §2's six tabs, the organisations and LTI (radix Tabs: arrow keys move between them, Home/End jump). Only the open
 * tab is mounted, so a tab's data loads when it is opened.
 */
export function ConsoleTabs({ tab, onTabChange }: { tab?: AdminTab; onTabChange?: (tab: AdminTab) => void }) {
  const [own, setOwn] = useState<AdminTab>(tab ?? 'users');
  const value = tab ?? own;
  return (
    <Tabs.Root
      value={value}
      onValueChange={(next) => {
        if (!isTab(next)) return;
        setOwn(next);
        onTabChange?.(next);
      }}
      className={s.stack}
    >
      <Tabs.List className={s.tabList} aria-label="Admin sections">
        {TABS.map(([id, label]) => (
          <Tabs.Trigger key={id} value={id} className={s.tab}>
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="users">
        <UserManagement />
      </Tabs.Content>
      <Tabs.Content value="progress">
        <UserProgressTab />
      </Tabs.Content>
      <Tabs.Content value="settings">
        <Loading>
          <SystemSettingsTab />
        </Loading>
      </Tabs.Content>
      <Tabs.Content value="content">
        <Loading>
          <ContentTools headingLevel={3} />
        </Loading>
      </Tabs.Content>
      <Tabs.Content value="tracking">
        <Loading>
          <StableTrackingAdmin />
        </Loading>
      </Tabs.Content>
      <Tabs.Content value="analytics">
        <Loading>
          <AnalyticsPanel />
        </Loading>
      </Tabs.Content>
      <Tabs.Content value="organisations">
        <Loading>
          <OrganisationsPanel />
        </Loading>
      </Tabs.Content>
      <Tabs.Content value="lti">
        <Loading>
          <LtiPanel />
        </Loading>
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** admin §2 User Progress tab: a description and the way to the progress page. */
function UserProgressTab() {
  const navigate = useNavigate();
  return (
    <div className={s.card}>
      <h3 className={s.subheading}>User Progress</h3>
      <p className={s.text}>
        View any learner's lesson, module and quiz progress, see every quiz attempt, and reset progress for a
        module, a quiz, the pre-assessment or the whole course.
      </p>
      <div>
        <a
          href="/admin/user-progress"
          className={s.button.primary}
          onClick={(event) => {
            event.preventDefault();
            navigate('/admin/user-progress');
          }}
        >
          Open User Progress Dashboard
        </a>
      </div>
    </div>
  );
}
