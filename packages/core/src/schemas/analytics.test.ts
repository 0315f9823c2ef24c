import { describe, expect, it } from 'vitest';
import {
  csvCell,
  median,
  PROGRESS_CSV_COLUMNS,
  progressCsv,
  progressCsvFileName,
  scoreBinIndex,
  scoreGroup,
  shareCorrect,
  shortQuestionText,
} from '../rules/analytics';
import { AnalyticsReportSchema, SHORT_QUESTION_LENGTH } from './analytics';

describe('the analytics rules', () => {
  it('puts scores in ten 10-point bins, with 100 in the last one', () => {
    expect([0, 9.9, 10, 55, 89.99, 90, 100].map(scoreBinIndex)).toEqual([0, 0, 1, 5, 8, 9, 9]);
  });

  it('summarises one score per learner: average and median to one decimal, passes and bins', () => {
    const group = scoreGroup([
      { percentage: 40, passed: false },
      { percentage: 70, passed: true },
      { percentage: 100, passed: true },
      { percentage: 33.333, passed: false },
    ]);
    expect(group).toMatchObject({ learners: 4, average: 60.8, median: 55, passed: 2 });
    expect(group.distribution).toHaveLength(10);
    expect(group.distribution.map((b) => b.learners)).toEqual([0, 0, 0, 1, 1, 0, 0, 1, 0, 1]);
    expect(group.distribution[9]).toEqual({ from: 90, to: 100, learners: 1 });
    expect(scoreGroup([])).toMatchObject({ learners: 0, average: null, median: null, passed: 0 });
  });

  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('gives the share correct to three decimals and null when nobody answered', () => {
    expect(shareCorrect(2, 3)).toBe(0.667);
    expect(shareCorrect(0, 0)).toBeNull();
  });

  it('folds whitespace in a question and cuts a long one with an ellipsis', () => {
    expect(shortQuestionText('  What is\n data? ')).toBe('What is data?');
    const long = shortQuestionText('x'.repeat(200));
    expect(long).toHaveLength(SHORT_QUESTION_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('the learner-progress CSV', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvCell('Silva, Ana')).toBe('"Silva, Ana"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42.5)).toBe('42.5');
  });

  it('keeps cells a spreadsheet would run as formulas as text with a leading quote', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}cmd`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('Ana')).toBe('Ana');
  });

  it('writes the header then one CRLF line per learner', () => {
    const csv = progressCsv([
      {
        userId: 'u1',
        displayName: '@Ana',
        email: 'ana@example.com',
        lessonsCompleted: 3,
        totalLessons: 25,
        percent: 12,
        modulesCompleted: 0,
        preAssessmentPercent: 66.666,
        bestCourseQuizPercent: null,
        passed: false,
        lastActivity: '2026-11-23T10:00:00.000Z',
      },
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(PROGRESS_CSV_COLUMNS.join(','));
    expect(lines[1]).toBe("u1,'@Ana,ana@example.com,3,25,12,0,66.7,,false,2026-11-23T10:00:00.000Z");
    expect(lines[2]).toBe('');
  });

  it('names the file after the day in UTC', () => {
    expect(progressCsvFileName(new Date('2026-11-23T23:59:00Z'))).toBe('coursekit-progress-2026-11-23.csv');
  });
});

describe('AnalyticsReportSchema', () => {
  it('accepts a report and refuses one with a missing part', () => {
    const report = {
      generatedAt: '2026-11-23T00:00:00.000Z',
      learners: { total: 0, started: 0, completedCourse: 0 },
      funnel: [{ moduleId: 1, title: 'M1', lessons: 5, started: 0, completed: 0 }],
      scores: {
        preAssessment: scoreGroup([]),
        final: scoreGroup([]),
        paired: {
          learners: 0,
          averagePre: null,
          averageFinal: null,
          averageImprovement: null,
          medianImprovement: null,
          improved: 0,
        },
      },
      difficulty: [],
    };
    expect(AnalyticsReportSchema.safeParse(report).success).toBe(true);
    const { scores: _s, ...partial } = report;
    expect(AnalyticsReportSchema.safeParse(partial).success).toBe(false);
  });
});
