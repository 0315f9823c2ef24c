import { type ReactNode, useId, useState } from 'react';
import * as s from '../../ui/styles.css';
import * as a from './analytics.css';

/**
 * One chart of the Analytics tab: a titled figure whose caption says what it shows, the chart
 * itself (an SVG with role="img" and a summary as its accessible name), and a 'Show as table'
 * toggle that swaps it for a real table of the same numbers, for screen readers and for copying.
 */
export function ChartFigure({
  title,
  description,
  chart,
  table,
}: {
  title: string;
  /** Visible caption: what is counted and how; also the figure's description. */
  description: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  return (
    <figure className={a.figure} aria-labelledby={`${id}-title`} aria-describedby={`${id}-caption`}>
      <div className={s.spread}>
        <h4 className={s.subheading} id={`${id}-title`}>
          {title}
        </h4>
        <button
          type="button"
          className={s.button.secondary}
          aria-controls={`${id}-body`}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </button>
      </div>
      <figcaption className={a.caption} id={`${id}-caption`}>
        {description}
      </figcaption>
      <div id={`${id}-body`}>{asTable ? <div className={a.tableWrap}>{table}</div> : chart}</div>
    </figure>
  );
}

/** The two series' legend: text first, the swatch only repeats it. */
export function Legend({ primary, secondary }: { primary: string; secondary?: string }) {
  return (
    <ul className={a.legend}>
      <li>
        <span className={a.swatchPrimary} aria-hidden="true" />
        {primary}
      </li>
      {secondary ? (
        <li>
          <span className={a.swatchSecondary} aria-hidden="true" />
          {secondary}
        </li>
      ) : null}
    </ul>
  );
}
