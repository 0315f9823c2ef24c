import type { OrgCompletionDay } from '@coursekit/core';
import { useId } from 'react';
import * as a from '../admin/admin.css';
import { formatDate } from '../strings/formatDate';
import { formatString } from '../strings/formatString';
import { useLang } from '../strings/useLang';
import * as s from '../ui/styles.css';
import { useOrganisationStrings } from './organisationContext';

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

/**
 * Completions per day as plain SVG bars. The picture is described by its summary (aria-describedby)
 * and the same figures are a table in a disclosure, for screen readers and for reading exact values.
 */
export function CompletionsChart({ days }: { days: OrgCompletionDay[] }) {
  const t = useOrganisationStrings();
  const lang = useLang();
  const id = useId();
  const max = Math.max(0, ...days.map((d) => d.completed));
  const total = days.reduce((sum, d) => sum + d.completed, 0);
  const bar = days.length > 0 ? WIDTH / days.length : WIDTH;
  const title = formatString(t.chartHeading, { days: days.length });
  return (
    <figure className={s.stack} aria-labelledby={`${id}-title`} style={{ margin: 0 }}>
      <figcaption id={`${id}-title`} className={s.subheading}>
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-describedby={`${id}-summary`}
        preserveAspectRatio="none"
        style={{ maxHeight: HEIGHT }}
      >
        <title>{title}</title>
        <line
          x1={0}
          y1={HEIGHT - 0.5}
          x2={WIDTH}
          y2={HEIGHT - 0.5}
          stroke="currentColor"
          strokeOpacity={0.4}
        />
        {days.map((d, i) => {
          const h = max === 0 ? 0 : (d.completed / max) * (HEIGHT - 8);
          return (
            <rect
              key={d.day}
              x={i * bar + GAP / 2}
              y={HEIGHT - h}
              width={Math.max(bar - GAP, 1)}
              height={h}
              fill="currentColor"
              fillOpacity={0.75}
            />
          );
        })}
      </svg>
      <p id={`${id}-summary`} className={s.muted}>
        {formatString(t.chartSummary, { total, days: days.length, max })}
      </p>
      <details>
        <summary>{t.chartTable}</summary>
        <table className={a.table}>
          <thead>
            <tr>
              <th scope="col">{t.columnDay}</th>
              <th scope="col">{t.columnCompletions}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{formatDate(`${d.day}T00:00:00Z`, lang)}</td>
                <td>{d.completed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
