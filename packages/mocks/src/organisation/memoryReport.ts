import {
  type AssignmentStatus,
  assignmentStatus,
  compareReportRows,
  type OrgReportQuery,
  type OrgReportRow,
} from '@coursekit/core';
import type { MemoryCourseRecord, StoredAssignment, StoredPerson } from './memoryOrganisation';

// The memory organisation's report: the API's rules (core's assignmentStatus and report order) over
// the people, assignments and records it holds.

/** What the report reads of the memory organisation. */
export interface MemoryReportState {
  assignments: readonly StoredAssignment[];
  people: Iterable<StoredPerson>;
  records: ReadonlyMap<string, MemoryCourseRecord>;
  courseOf: (slug: string) => { title: string; lessons: number };
  now: number;
}

/**
 * Every (person, course) the organisation assigned, with the earliest due date among its assignments,
 * their status by core's rule, filtered and sorted as the API's report is.
 */
export function memoryReportRows(state: MemoryReportState, query: OrgReportQuery): OrgReportRow[] {
  const { assignments, records, courseOf } = state;
  const people = new Map([...state.people].map((p) => [p.user_id, p]));
  const due = new Map<string, string | null>();
  for (const a of assignments) {
    const userIds = a.user_id
      ? [a.user_id]
      : [...people.values()].filter((p) => a.group_id && p.groupIds.has(a.group_id)).map((p) => p.user_id);
    for (const userId of userIds) {
      const key = `${userId}\u0000${a.course}`;
      const before = due.get(key);
      // The earliest due date of the person's assignments of the course; none when none has one.
      const dates = [before, a.due_at].filter((d): d is string => typeof d === 'string').sort();
      const earliest = dates[0] ?? null;
      due.set(key, earliest);
    }
  }
  const rows: OrgReportRow[] = [];
  for (const [key, dueAt] of due) {
    const [userId, slug] = key.split('\u0000') as [string, string];
    const person = people.get(userId);
    if (!person) continue;
    if (query.group && !person.groupIds.has(query.group)) continue;
    if (query.course && query.course !== slug) continue;
    const course = courseOf(slug);
    const record = records.get(key);
    const status: AssignmentStatus = assignmentStatus({
      lessonsDone: record?.lessonsDone ?? 0,
      lessonsTotal: course.lessons,
      attempted: record?.attempted ?? false,
      dueAt,
      now: state.now,
    });
    if (query.status && query.status !== status) continue;
    rows.push({
      user_id: userId,
      email: person.email,
      display_name: person.display_name,
      course: slug,
      course_title: course.title,
      status,
      due_at: dueAt,
      completed_at: status === 'completed' ? (record?.completedAt ?? null) : null,
      score: record?.score ?? null,
    });
  }
  return rows.sort(compareReportRows(query.sort, query.dir));
}
