import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import type { OrgReportRow } from '../schemas/organisationManagers';
import { assignmentStatus } from './assignmentStatus';
import { csvCell, csvLine } from './csvCell';
import { checkImportRows, importMessages } from './importRows';
import { compareReportRows } from './reportOrder';

const NOW = Date.parse('2026-03-10T12:00:00Z');

describe('an assigned course’s status', () => {
  it('is completed once every lesson is done, even after the due date', () => {
    expect(
      assignmentStatus({ lessonsDone: 5, lessonsTotal: 5, dueAt: '2026-03-01T00:00:00Z', now: NOW }),
    ).toBe('completed');
  });
  it('is overdue when not completed and the due date has passed', () => {
    expect(
      assignmentStatus({ lessonsDone: 2, lessonsTotal: 5, dueAt: '2026-03-10T11:59:59Z', now: NOW }),
    ).toBe('overdue');
    expect(assignmentStatus({ lessonsDone: 0, lessonsTotal: 5, dueAt: NOW - 1, now: NOW })).toBe('overdue');
  });
  it('is in progress with a lesson done or a quiz attempted, before the due date or without one', () => {
    expect(assignmentStatus({ lessonsDone: 1, lessonsTotal: 5, dueAt: null, now: NOW })).toBe('in_progress');
    expect(
      assignmentStatus({ lessonsDone: 0, lessonsTotal: 5, attempted: true, dueAt: NOW + 1000, now: NOW }),
    ).toBe('in_progress');
  });
  it('is not started otherwise; a course without lessons is never completed by nothing', () => {
    expect(assignmentStatus({ lessonsDone: 0, lessonsTotal: 5, dueAt: NOW, now: NOW })).toBe('not_started');
    expect(assignmentStatus({ lessonsDone: 0, lessonsTotal: 0, dueAt: null, now: NOW })).toBe('not_started');
  });
});

describe('a CSV export cell', () => {
  it.each([
    ['=HYPERLINK("http://x.test")', `"'=HYPERLINK(""http://x.test"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('starting a formula (%j) is written as text', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });
  it('quotes commas, quotes and line ends, and leaves plain text and numbers alone', () => {
    expect(csvCell('Smith, Ann')).toBe('"Smith, Ann"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('ann@acme.test')).toBe('ann@acme.test');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('a people import’s rows', () => {
  const context = { known: new Set(['old@acme.test']), seatsTaken: 1, seatLimit: 3 };
  it('invites new people, marks a member as no change, and refuses a bad e-mail and a duplicate', () => {
    const outcomes = checkImportRows(
      [
        { email: ' Ann@Acme.test ', name: 'Ann', group: 'Ops' },
        { email: 'not-an-email', name: 'X' },
        { email: 'old@acme.test', name: 'Old' },
        { email: 'ann@acme.test', name: 'Ann again' },
        { email: 'bob@acme.test', name: '' },
      ],
      context,
    );
    expect(outcomes).toEqual([
      { line: 2, email: 'ann@acme.test', name: 'Ann', group: 'Ops', kind: 'invite' },
      { line: 3, email: 'not-an-email', kind: 'error', message: messages.emailInvalidFormat },
      { line: 4, email: 'old@acme.test', name: 'Old', group: null, kind: 'no_change' },
      { line: 5, email: 'ann@acme.test', kind: 'error', message: importMessages.duplicate(2) },
      { line: 6, email: 'bob@acme.test', name: null, group: null, kind: 'invite' },
    ]);
  });
  it('refuses the rows past the seat limit, in file order', () => {
    const outcomes = checkImportRows(
      [{ email: 'a@x.test' }, { email: 'b@x.test' }, { email: 'old@acme.test' }, { email: 'c@x.test' }],
      context,
    );
    expect(outcomes.map((o) => o.kind)).toEqual(['invite', 'invite', 'no_change', 'error']);
    expect(outcomes[3]).toMatchObject({ message: importMessages.overSeats(3) });
  });
});

describe('the report’s order', () => {
  const row = (email: string, course: string, extra: Partial<OrgReportRow> = {}): OrgReportRow => ({
    user_id: email,
    email,
    display_name: null,
    course,
    course_title: course,
    status: 'not_started',
    due_at: null,
    completed_at: null,
    score: null,
    ...extra,
  });
  const emails = (rows: OrgReportRow[]) => rows.map((r) => `${r.email} ${r.course}`);

  it('puts overdue first and completed last by status, not the statuses’ alphabetical order', () => {
    const rows = [
      row('a@x', 'c', { status: 'completed' }),
      row('b@x', 'c', { status: 'in_progress' }),
      row('c@x', 'c', { status: 'not_started' }),
      row('d@x', 'c', { status: 'overdue' }),
    ];
    expect(emails(rows.sort(compareReportRows('status', 'asc')))).toEqual([
      'd@x c',
      'c@x c',
      'b@x c',
      'a@x c',
    ]);
    expect(emails(rows.sort(compareReportRows('status', 'desc')))).toEqual([
      'a@x c',
      'b@x c',
      'c@x c',
      'd@x c',
    ]);
  });
  it('keeps empty values last in either direction', () => {
    const rows = [row('a@x', 'c'), row('b@x', 'c', { score: 40 }), row('c@x', 'c', { score: 90 })];
    expect(emails(rows.sort(compareReportRows('score', 'desc')))).toEqual(['c@x c', 'b@x c', 'a@x c']);
    expect(emails(rows.sort(compareReportRows('score', 'asc')))).toEqual(['b@x c', 'c@x c', 'a@x c']);
  });
  it('breaks ties by e-mail then course in code-point order, as the database sorts', () => {
    const rows = [row('b@x', 'safety'), row('B@x', 'safety'), row('b@x', 'energy')];
    expect(emails(rows.sort(compareReportRows()))).toEqual(['B@x safety', 'b@x energy', 'b@x safety']);
  });
});
