import { adminMessages, percent } from '@coursekit/core';
import { ErrorState, Skeletons } from '../../ui/QueryState';
import * as s from '../../ui/styles.css';
import { useTrackingOverview } from './trackingQueries';

/** Per module: active lessons, progress records and how many of them are stable. */
export function TrackingModulesTab() {
  const overview = useTrackingOverview();
  if (overview.isError) return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;
  if (!overview.data) return <Skeletons count={1} label="Loading modules" />;
  const { modules } = overview.data;
  if (modules.length === 0) return <p className={s.muted}>{adminMessages.noModulesFound}</p>;
  return (
    <ul className={`${s.list} ${s.grid}`}>
      {modules.map((m) => (
        <li key={m.moduleId} className={s.card} aria-label={`Module ${m.moduleId}: ${m.name}`}>
          <h4 className={s.subheading}>
            Module {m.moduleId}: {m.name}
          </h4>
          <p className={s.text}>Active lessons: {m.activeLessons}</p>
          <p className={s.text}>
            Progress records: {m.records} · Stable: {m.stableRecords} ({percent(m.stableRecords, m.records)}%)
          </p>
        </li>
      ))}
    </ul>
  );
}
