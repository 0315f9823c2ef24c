import type { OrganisationAdapter } from '@coursekit/core';
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import * as s from '../ui/styles.css';
import { WidgetRoot } from '../ui/WidgetRoot';
import { AssignmentsPanel } from './AssignmentsPanel';
import { GroupsPanel } from './GroupsPanel';
import { ReportPanel } from './OrganisationReport';
import { OrganisationContext, useOrganisationStrings } from './organisationContext';
import { PeoplePanel } from './PeoplePanel';
import { SignInPanel } from './SignInPanel';

export type OrganisationConsoleTab = 'people' | 'groups' | 'assignments' | 'report' | 'sign-in';

export interface OrganisationConsoleProps {
  /** The organisation's manager calls, e.g. `createHttpOrganisation(adapter, organisationId)`. */
  adapter: OrganisationAdapter;
  /** The organisation's name, shown as the heading. */
  title?: string;
  /** The tab shown first; People when absent. */
  tab?: OrganisationConsoleTab;
}

/**
 * The managers' console of one organisation: invite people (one by e-mail, or many from a CSV with a
 * dry-run preview), group them, assign courses with due dates, read the report, remove someone
 * (their learning record stays), and see its company sign-in (read only). Render it inside a CourseProvider.
 */
export function OrganisationConsole({ adapter, title, tab = 'people' }: OrganisationConsoleProps) {
  const t = useOrganisationStrings();
  const [current, setCurrent] = useState<string>(tab);
  const tabs = [
    ['people', t.tabPeople],
    ['groups', t.tabGroups],
    ['assignments', t.tabAssignments],
    ['report', t.tabReport],
    ['sign-in', t.tabSignIn],
  ] as const;
  return (
    <WidgetRoot label={t.consoleLabel}>
      <OrganisationContext.Provider value={adapter}>
        <div className={s.stack}>
          {title && <h2 className={s.heading}>{title}</h2>}
          <Tabs.Root value={current} onValueChange={setCurrent}>
            <Tabs.List className={s.tabList} aria-label={t.sections}>
              {tabs.map(([value, label]) => (
                <Tabs.Trigger key={value} value={value} className={s.tab}>
                  {label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="people">
              <PeoplePanel />
            </Tabs.Content>
            <Tabs.Content value="groups">
              <GroupsPanel />
            </Tabs.Content>
            <Tabs.Content value="assignments">
              <AssignmentsPanel />
            </Tabs.Content>
            <Tabs.Content value="report">
              <ReportPanel />
            </Tabs.Content>
            <Tabs.Content value="sign-in">
              <SignInPanel />
            </Tabs.Content>
          </Tabs.Root>
        </div>
      </OrganisationContext.Provider>
    </WidgetRoot>
  );
}
