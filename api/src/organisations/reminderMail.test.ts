import { describe, expect, it } from 'vitest';
import { learnerReminderMail } from './reminderMail';

// The day-before reminder says when the course is due as the learner reads it: "tomorrow" on the
// day before, "today" when it is written on the due date itself (a course assigned that day).

const reminder = (sentAt: string) =>
  learnerReminderMail({
    kind: 'day_before',
    site: 'CourseKit',
    organisation: 'Acme Facilities',
    to: 'lena@acme.test',
    name: 'Lena',
    courseTitle: 'Reading a Meter-Data Report',
    courseUrl: 'https://app.test/courses/reading-meter-data',
    dueAt: new Date('2026-12-10T23:59:59.999Z'),
    sentAt: new Date(sentAt),
    unsubscribe: {
      page: 'https://app.test/reminders/unsubscribe?token=t',
      oneClick: 'https://app.test/api/r',
    },
  });

describe('the day-before reminder of a course due on 10 December', () => {
  it('written on 9 December says it is due tomorrow', () => {
    const mail = reminder('2026-12-09T06:00:00Z');
    expect(mail.subject).toBe('Due tomorrow: Reading a Meter-Data Report');
    expect(mail.text).toContain('by 10 December 2026: that is tomorrow.');
  });

  it('written on 10 December itself says it is due today', () => {
    const mail = reminder('2026-12-10T06:00:00Z');
    expect(mail.subject).toBe('Due today: Reading a Meter-Data Report');
    expect(mail.text).toContain('by 10 December 2026: that is today.');
    expect(mail.html).toContain('that is today.');
  });
});
