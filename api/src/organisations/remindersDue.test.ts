import { describe, expect, it } from 'vitest';
import { reminderKind } from './remindersDue';

// Which reminder is due goes by calendar day (UTC). A due date picked as a bare date ends that day
// (23:59:59.999 UTC), so "Due tomorrow" goes out on the day before it, never on the day it is due.

const due = Date.parse('2026-12-10T23:59:59.999Z');
const at = (iso: string) => Date.parse(iso);

describe('the reminder a course due on 10 December is owed', () => {
  it('none before 3 December; the week-before one from the start of 3 December', () => {
    expect(reminderKind('not_started', due, at('2026-12-02T23:59:59Z'))).toBeNull();
    expect(reminderKind('not_started', due, at('2026-12-03T00:00:00Z'))).toBe('week_before');
    expect(reminderKind('in_progress', due, at('2026-12-08T23:59:59Z'))).toBe('week_before');
  });

  it('the day-before one from the start of 9 December until the due date, not only in its last 24 hours', () => {
    expect(reminderKind('not_started', due, at('2026-12-09T00:00:00Z'))).toBe('day_before');
    expect(reminderKind('in_progress', due, at('2026-12-10T12:00:00Z'))).toBe('day_before');
  });

  it('overdue and completed come from the status, whatever the day', () => {
    expect(reminderKind('overdue', due, at('2026-12-11T00:00:00Z'))).toBe('overdue');
    expect(reminderKind('completed', due, at('2026-12-09T12:00:00Z'))).toBeNull();
  });
});
