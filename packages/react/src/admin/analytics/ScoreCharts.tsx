import type { ScoreComparison, ScoreGroup } from '@coursekit/core';
import * as s from '../../ui/styles.css';
import * as a from './analytics.css';
import { ChartFigure } from './ChartFigure';

const WIDTH = 300;
const HEIGHT = 150;
const TOP = 16;
const BOTTOM = 20;
const BIN = WIDTH / 10;

const fmt = (value: number | null, unit = '%') => (value === null ? '—' : `${value.toFixed(1)}${unit}`);
const signed = (value: number | null) =>
  value === null ? '—' : `${value > 0 ? '+' : ''}${value.toFixed(1)} points`;

function summarize(name: string, group: ScoreGroup): string {
  if (group.learners === 0) return `${name}: no scores yet.`;
  const bins = group.distribution
    .filter((b) => b.learners > 0)
    .map((b) => `${b.learners} between ${b.from} and ${b.to === 100 ? 100 : b.to - 1}%`);
  return `${name} scores of ${group.learners} learners, average ${fmt(group.average)}, median ${fmt(group.median)}: ${bins.join(', ')}.`;
}

/** One 10-bin histogram; both share `max` so their bars compare. */
function Histogram({
  name,
  group,
  max,
  className,
}: {
  name: string;
  group: ScoreGroup;
  max: number;
  className: string;
}) {
  const plot = HEIGHT - TOP - BOTTOM;
  return (
    <div>
      <p className={a.caption}>{name}</p>
      <svg
        className={a.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summarize(name, group)}
      >
        <line className={a.axis} x1={0} x2={WIDTH} y1={TOP + plot} y2={TOP + plot} />
        {group.distribution.map((b, i) => {
          const h = (b.learners / max) * plot;
          const x = i * BIN;
          return (
            <g key={b.from}>
              <rect className={className} x={x + 3} y={TOP + plot - h} width={BIN - 6} height={h} />
              {b.learners > 0 ? (
                <text x={x + BIN / 2} y={TOP + plot - h - 3} textAnchor="middle">
                  {b.learners}
                </text>
              ) : null}
              <text x={x + BIN / 2} y={HEIGHT - 5} textAnchor="middle">
                {b.from}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** Pre-assessment against the final quiz: the two distributions side by side, and the paired change. */
export function ScoreCharts({ scores }: { scores: ScoreComparison }) {
  const { preAssessment: pre, final, paired } = scores;
  const max = Math.max(
    1,
    ...pre.distribution.map((b) => b.learners),
    ...final.distribution.map((b) => b.learners),
  );
  const chart = (
    <div className={a.twoColumns}>
      <Histogram name="Pre-assessment" group={pre} max={max} className={a.barPrimary} />
      <Histogram name="Final quiz" group={final} max={max} className={a.barSecondary} />
    </div>
  );
  const table = (
    <table className={a.dataTable}>
      <caption>Learners per score band</caption>
      <thead>
        <tr>
          <th scope="col">Score</th>
          <th scope="col" className={a.num}>
            Pre-assessment
          </th>
          <th scope="col" className={a.num}>
            Final quiz
          </th>
        </tr>
      </thead>
      <tbody>
        {pre.distribution.map((b, i) => (
          <tr key={b.from}>
            <th scope="row">{`${b.from}–${b.to === 100 ? 100 : b.to - 1}%`}</th>
            <td className={a.num}>{b.learners}</td>
            <td className={a.num}>{final.distribution[i]?.learners ?? 0}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <div className={s.stack}>
      <ChartFigure
        title="Pre-assessment vs final quiz"
        description="Each learner counts once: the first pre-assessment attempt (what they knew before the course) and the best final-quiz attempt, in 10-point bands."
        chart={chart}
        table={table}
      />
      <table className={a.dataTable}>
        <caption>Score summary</caption>
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col" className={a.num}>
              Learners
            </th>
            <th scope="col" className={a.num}>
              Average
            </th>
            <th scope="col" className={a.num}>
              Median
            </th>
            <th scope="col" className={a.num}>
              Passed
            </th>
          </tr>
        </thead>
        <tbody>
          {(
            [
              ['Pre-assessment', pre],
              ['Final quiz', final],
            ] as const
          ).map(([name, g]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td className={a.num}>{g.learners}</td>
              <td className={a.num}>{fmt(g.average)}</td>
              <td className={a.num}>{fmt(g.median)}</td>
              <td className={a.num}>{g.passed}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={a.caption}>
        {paired.learners === 0
          ? 'No learner has taken both the pre-assessment and the final quiz yet.'
          : `${paired.learners} learners took both: average ${fmt(paired.averagePre)} before and ${fmt(paired.averageFinal)} after, a change of ${signed(paired.averageImprovement)} (median ${signed(paired.medianImprovement)}); ${paired.improved} improved.`}
      </p>
    </div>
  );
}
