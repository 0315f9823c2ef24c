import type { FunnelStep } from '@coursekit/core';
import { percent } from '@coursekit/core';
import * as a from './analytics.css';
import { ChartFigure, Legend } from './ChartFigure';

const WIDTH = 600;
const LABEL_GAP = 16;
const ROW = 52;
const BAR = 12;
const VALUE_ROOM = 90;

/** A sentence a screen reader hears for the whole chart. */
function summarize(funnel: FunnelStep[], learners: number): string {
  if (funnel.length === 0) return 'No modules.';
  const parts = funnel.map((f) => `module ${f.moduleId}, ${f.started} started and ${f.completed} completed`);
  return `Completion funnel of ${learners} learners: ${parts.join('; ')}.`;
}

/** admin Analytics: per module in course order, how many learners started and completed it. */
export function FunnelChart({ funnel, learners }: { funnel: FunnelStep[]; learners: number }) {
  const scale = Math.max(learners, 1);
  const barWidth = WIDTH - VALUE_ROOM;
  const height = Math.max(funnel.length * ROW, ROW);
  const chart = (
    <>
      <Legend primary="Started" secondary="Completed" />
      <svg
        className={a.chart}
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={summarize(funnel, learners)}
      >
        {funnel.map((f, i) => {
          const y = i * ROW;
          const bars = [
            { value: f.started, className: a.barPrimary, dy: LABEL_GAP + 2 },
            { value: f.completed, className: a.barSecondary, dy: LABEL_GAP + BAR + 6 },
          ];
          return (
            <g key={f.moduleId}>
              <text x={0} y={y + 12}>
                {`Module ${f.moduleId}: ${f.title}`}
              </text>
              {bars.map((b) => (
                <g key={b.className}>
                  <rect className={a.track} x={0} y={y + b.dy} width={barWidth} height={BAR} rx={2} />
                  <rect
                    className={b.className}
                    x={0}
                    y={y + b.dy}
                    width={(b.value / scale) * barWidth}
                    height={BAR}
                    rx={2}
                  />
                  <text x={barWidth + 6} y={y + b.dy + BAR - 2}>
                    {`${b.value} (${percent(b.value, learners)}%)`}
                  </text>
                </g>
              ))}
            </g>
          );
        })}
      </svg>
    </>
  );
  const table = (
    <table className={a.dataTable}>
      <caption>Learners per module ({learners} learners)</caption>
      <thead>
        <tr>
          <th scope="col">Module</th>
          <th scope="col" className={a.num}>
            Lessons
          </th>
          <th scope="col" className={a.num}>
            Started
          </th>
          <th scope="col" className={a.num}>
            Completed
          </th>
          <th scope="col" className={a.num}>
            Completed %
          </th>
        </tr>
      </thead>
      <tbody>
        {funnel.map((f) => (
          <tr key={f.moduleId}>
            <th scope="row">{`Module ${f.moduleId}: ${f.title}`}</th>
            <td className={a.num}>{f.lessons}</td>
            <td className={a.num}>{f.started}</td>
            <td className={a.num}>{f.completed}</td>
            <td className={a.num}>{percent(f.completed, learners)}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <ChartFigure
      title="Completion funnel by module"
      description="Learners who completed at least one lesson of each module (started) and every lesson of it (completed), out of all learners."
      chart={chart}
      table={table}
    />
  );
}
