import * as Tabs from '@radix-ui/react-tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as s from '../../ui/styles.css';
import { WidgetRoot } from '../../ui/WidgetRoot';
import { adminKeys } from '../adminKeys';
import { TrackingMaintenanceTab } from './TrackingMaintenanceTab';
import { TrackingModulesTab } from './TrackingModulesTab';
import { TrackingOverviewTab } from './TrackingOverviewTab';
import { TrackingProgressTab } from './TrackingProgressTab';

/** admin §2 Stable Lesson Tracking Admin: Overview, Modules, Progress and Maintenance, plus Refresh. */
export function StableTrackingAdmin() {
  return (
    <WidgetRoot label="Stable Lesson Tracking Admin">
      <Panel />
    </WidgetRoot>
  );
}

const TABS = [
  ['overview', 'Overview', TrackingOverviewTab],
  ['modules', 'Modules', TrackingModulesTab],
  ['progress', 'Progress', TrackingProgressTab],
  ['maintenance', 'Maintenance', TrackingMaintenanceTab],
] as const;

function Panel() {
  const queryClient = useQueryClient();
  const [active, setActive] = useState<string>('overview');
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    try {
      await queryClient.invalidateQueries({ queryKey: adminKeys.tracking() });
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <div className={s.stack}>
      <div className={s.spread}>
        <h3 className={s.subheading}>Stable Lesson Tracking Admin</h3>
        <button
          type="button"
          className={s.button.secondary}
          disabled={refreshing}
          onClick={() => void refresh()}
        >
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      <Tabs.Root value={active} onValueChange={setActive} className={s.stack}>
        <Tabs.List className={s.tabList} aria-label="Stable tracking">
          {TABS.map(([value, label]) => (
            <Tabs.Trigger key={value} value={value} className={s.tab}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(([value, , Tab]) => (
          <Tabs.Content key={value} value={value}>
            <Tab />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
