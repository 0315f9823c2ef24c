import {
  SCORE_BIN_COUNT,
  SCORE_BIN_WIDTH,
  type ScoreBin,
  type ScoreGroup,
  SHORT_QUESTION_LENGTH,
} from '../schemas/analytics';

// The analytics rules the server, the mocks and the widget share: bins, rounding, the question's
// short text and the learner-progress CSV (columns, quoting, file name).

/** One decimal, as every average in the report. */
export const round1 = (value: number): number => Math.round(value * 10) / 10;

/** The bin a percentage falls in: 0–9.99 → 0, …, 90–100 → 9 (100 joins the last bin). */
export function scoreBinIndex(percentage: number): number {
  const index = Math.floor(percentage / SCORE_BIN_WIDTH);
  return Math.min(Math.max(index, 0), SCORE_BIN_COUNT - 1);
}

/** Ten bins from counts by bin index (missing indexes count 0). */
export function scoreBins(countsByIndex: ReadonlyMap<number, number> | ReadonlyArray<number>): ScoreBin[] {
  const get = (i: number) =>
    Array.isArray(countsByIndex)
      ? (countsByIndex[i] ?? 0)
      : ((countsByIndex as ReadonlyMap<number, number>).get(i) ?? 0);
  return Array.from({ length: SCORE_BIN_COUNT }, (_, i) => ({
    from: i * SCORE_BIN_WIDTH,
    to: (i + 1) * SCORE_BIN_WIDTH,
    learners: get(i),
  }));
}

/** The median of a list (mean of the middle two when even), null when empty. */
export function median(values: ReadonlyArray<number>): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const mean = (values: ReadonlyArray<number>): number | null =>
  values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;

/** A score group from one score per learner (the in-memory path; the server aggregates in SQL). */
export function scoreGroup(scores: ReadonlyArray<{ percentage: number; passed: boolean }>): ScoreGroup {
  const values = scores.map((s) => s.percentage);
  const avg = mean(values);
  const mid = median(values);
  const counts = new Map<number, number>();
  for (const v of values) counts.set(scoreBinIndex(v), (counts.get(scoreBinIndex(v)) ?? 0) + 1);
  return {
    learners: values.length,
    average: avg === null ? null : round1(avg),
    median: mid === null ? null : round1(mid),
    passed: scores.filter((s) => s.passed).length,
    distribution: scoreBins(counts),
  };
}

/** The question as the difficulty list shows it: whitespace folded, cut with an ellipsis. */
export function shortQuestionText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= SHORT_QUESTION_LENGTH ? flat : `${flat.slice(0, SHORT_QUESTION_LENGTH - 1)}…`;
}

/** correct / answered to three decimals; null when nobody answered. */
export const shareCorrect = (correct: number, answered: number): number | null =>
  answered > 0 ? Math.round((correct / answered) * 1000) / 1000 : null;

/** One learner's row of the progress CSV. */
export interface ProgressCsvRow {
  userId: string;
  displayName: string | null;
  email: string | null;
  lessonsCompleted: number;
  totalLessons: number;
  /** Rounded percent of lessons completed. */
  percent: number;
  modulesCompleted: number;
  /** The latest pre-assessment attempt's percentage (the admin page's card), or null. */
  preAssessmentPercent: number | null;
  /** The best course-quiz percentage, or null when never attempted. */
  bestCourseQuizPercent: number | null;
  /** Any course-quiz attempt passed. */
  passed: boolean;
  /** The latest progress write or completed attempt, ISO; null when none. */
  lastActivity: string | null;
}

export const PROGRESS_CSV_COLUMNS = [
  'user_id',
  'display_name',
  'email',
  'lessons_completed',
  'total_lessons',
  'percent',
  'modules_completed',
  'pre_assessment_percent',
  'best_course_quiz_percent',
  'passed',
  'last_activity',
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. A cell a
 * spreadsheet would run as a formula (starting with = + - @ tab or CR) gets a leading ' first, so a
 * display name like `=HYPERLINK(…)` stays text when the admin opens the file.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header line of the progress CSV plus one line per row, CRLF-separated as RFC 4180 says. */
function progressCsvHeader(): string {
  return `${PROGRESS_CSV_COLUMNS.join(',')}\r\n`;
}

/** One row's CSV line, CRLF-terminated. */
function progressCsvLine(row: ProgressCsvRow): string {
  return `${[
    row.userId,
    row.displayName,
    row.email,
    row.lessonsCompleted,
    row.totalLessons,
    row.percent,
    row.modulesCompleted,
    row.preAssessmentPercent === null ? null : round1(row.preAssessmentPercent),
    row.bestCourseQuizPercent === null ? null : round1(row.bestCourseQuizPercent),
    row.passed,
    row.lastActivity,
  ]
    .map(csvCell)
    .join(',')}\r\n`;
}

/** The whole CSV for a list of rows. */
export function progressCsv(rows: Iterable<ProgressCsvRow>): string {
  let out = progressCsvHeader();
  for (const row of rows) out += progressCsvLine(row);
  return out;
}

/** coursekit-progress-YYYY-MM-DD.csv, the date in UTC. */
export function progressCsvFileName(date: Date): string {
  return `coursekit-progress-${date.toISOString().slice(0, 10)}.csv`;
}
