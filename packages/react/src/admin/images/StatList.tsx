import * as s from '../../ui/styles.css';
import * as a from '../admin.css';

/** A labelled set of figures (a description list, so each number is read with its name). */
export function StatList({ label, stats }: { label: string; stats: Array<[string, number | string]> }) {
  return (
    <dl className={a.statGrid} aria-label={label}>
      {stats.map(([name, value]) => (
        <div key={name} className={s.card}>
          <dt className={s.muted}>{name}</dt>
          <dd className={a.statValue} style={{ margin: 0 }}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
