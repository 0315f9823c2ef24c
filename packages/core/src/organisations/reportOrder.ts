import type { OrgReportQuery, OrgReportRow } from '../schemas/organisationManagers';
import type { AssignmentStatus } from './assignmentStatus';

// The order of the manager's report, on every backend: the API sorts a page in SQL by the same keys
// (with the "C" collation) and then with this comparator; the memory organisation sorts with it.

/** The statuses in the order a manager acts on them: overdue first, completed last. */
const STATUS_ORDER: Record<AssignmentStatus, number> = {
  overdue: 0,
  not_started: 1,
  in_progress: 2,
  completed: 3,
};

/** Code-point order, as PostgreSQL's "C" collation sorts. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Compares two report rows by `sort` in `dir`. Empty values (no due date, not completed, no score) go
 * last either way; ties go by e-mail, then course, both ascending.
 */
export function compareReportRows(
  sort: NonNullable<OrgReportQuery['sort']> = 'email',
  dir: NonNullable<OrgReportQuery['dir']> = 'asc',
): (a: OrgReportRow, b: OrgReportRow) => number {
  const key = (r: OrgReportRow): string | number | null =>
    sort === 'status' ? STATUS_ORDER[r.status] : r[sort];
  const sign = dir === 'asc' ? 1 : -1;
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * sign;
    }
    return byCodePoint(a.email, b.email) || byCodePoint(a.course, b.course);
  };
}
