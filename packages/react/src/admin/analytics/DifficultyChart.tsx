import type { QuizDifficulty } from '@coursekit/core';
import * as a from './analytics.css';
import { ChartFigure } from './ChartFigure';

const WIDTH = 600;
const LABEL = 44;
const VALUE_ROOM = 110;
const ROW = 20;
const BAR = 12;

const asPercent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);

function summarize(quiz: QuizDifficulty): string {
  const answered = quiz.questions.filter((q) => q.shareCorrect !== null);
  if (answered.length === 0) return `${quiz.title}: no completed attempts yet.`;
  const hardest = [...answered].sort((x, y) => x.shareCorrect! - y.shareCorrect!).slice(0, 3);
  return `${quiz.title}, share correct per question over ${quiz.attempts} completed attempts. Hardest: ${hardest
    .map((q) => `question ${q.questionNumber} (${asPercent(q.shareCorrect)})`)
    .join(', ')}.`;
}

/** admin Analytics: each question's share of correct answers in one quiz, in question order. */
export function DifficultyChart({ quiz }: { quiz: QuizDifficulty }) {
  const barWidth = WIDTH - LABEL - VALUE_ROOM;
  const height = Math.max(quiz.questions.length * ROW, ROW);
  const chart = (
    <svg className={a.chart} viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={summarize(quiz)}>
      {quiz.questions.map((q, i) => {
        const y = i * ROW;
        return (
          <g key={q.questionId}>
            <text x={0} y={y + BAR}>{`Q${q.questionNumber}`}</text>
            <rect className={a.track} x={LABEL} y={y + 2} width={barWidth} height={BAR} rx={2} />
            <rect
              className={a.barPrimary}
              x={LABEL}
              y={y + 2}
              width={(q.shareCorrect ?? 0) * barWidth}
              height={BAR}
              rx={2}
            />
            <text x={LABEL + barWidth + 6} y={y + BAR}>
              {`${asPercent(q.shareCorrect)} (${q.correct}/${q.answered})`}
            </text>
          </g>
        );
      })}
    </svg>
  );
  const table = (
    <table className={a.dataTable}>
      <caption>{`${quiz.title}: ${quiz.attempts} completed attempts`}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Question</th>
          <th scope="col" className={a.num}>
            Answered
          </th>
          <th scope="col" className={a.num}>
            Correct
          </th>
          <th scope="col" className={a.num}>
            Share correct
          </th>
        </tr>
      </thead>
      <tbody>
        {quiz.questions.map((q) => (
          <tr key={q.questionId}>
            <th scope="row">{q.questionNumber}</th>
            <td>{q.text}</td>
            <td className={a.num}>{q.answered}</td>
            <td className={a.num}>{q.correct}</td>
            <td className={a.num}>{asPercent(q.shareCorrect)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <ChartFigure
      title={`Question difficulty: ${quiz.title}`}
      description={`Share of correct answers per question over every completed attempt (${quiz.attempts}), retakes included. Lower bars are harder questions.`}
      chart={chart}
      table={table}
    />
  );
}
