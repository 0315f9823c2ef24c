import { percent } from '@coursekit/core';
import { ErrorState, Skeletons } from '../../ui/QueryState';
import * as s from '../../ui/styles.css';
import { StatList } from '../images/StatList';
import { useTrackingOverview } from './trackingQueries';

/** Records by tracking method: how much progress already uses stable lesson keys. */
export function TrackingOverviewTab() {
  const overview = useTrackingOverview();
  if (overview.isError) return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;
  if (!overview.data) return <Skeletons count={1} label="Loading tracking overview" />;
  const o = overview.data;
  return (
    <div className={s.stack}>
      <StatList
        label="Progress records by tracking method"
        stats={[
          ['Total records', o.totalRecords],
          ['Stable', o.stableRecords],
          ['Legacy', o.legacyRecords],
          ['Orphaned', o.orphanedRecords],
          // admin §9: one decimal (the server counts a missing version as 1).
          ['Average lesson version', o.averageLessonVersion.toFixed(1)],
        ]}
      />
      <p className={s.text}>
        {percent(o.stableRecords, o.totalRecords)}% of progress records use stable tracking.
      </p>
      {o.legacyRecords > 0 ? (
        <p className={s.muted}>
          Migrate learners on the Progress tab to move their legacy records to stable tracking.
        </p>
      ) : null}
      {o.orphanedRecords > 0 ? (
        <p className={s.muted}>
          Orphaned records point at lessons that no longer exist; clean them up on the Maintenance tab.
        </p>
      ) : null}
    </div>
  );
}
