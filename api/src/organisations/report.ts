import {
  assignmentStatus,
  compareReportRows,
  csvLine,
  type OrgReportQuery,
  type OrgReportRow,
  pageWindow,
} from '@coursekit/core';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../admin/analyticsSql';
import { organisationCourse } from './assignments';
import { groupOf } from './groups';
import { type ManagerCtx, organisationOf } from './managerContext';

// The manager's report: one row per person of the organisation and course assigned to them (to them
// or to one of their groups; the earliest due date counts; an assignment's person and a group's
// members are the organisation's by their keys on the membership). The facts are aggregated in one
// statement; core's assignmentStatus turns them into the status the report filters and sorts by.

interface FactRow {
  user_id: string;
  email: string;
  display_name: string | null;
  course: string;
  course_title: string;
  due_at: Date | string | null;
  lessons_total: number | string;
  lessons_done: number | string;
  last_done_at: Date | string | null;
  attempted: boolean;
  score: number | string | null;
  /** With a window: how many pairs there are in all (counted before the limit). */
  total_pairs: number | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** Sorts SQL can apply before the facts are gathered: they do not depend on the status. */
const SQL_SORTS = { email: sql`u.email collate "C"`, course: sql`c.slug collate "C"`, due_at: sql`p.due_at` };

/**
 * The report's rows for the filters, sorted. With `window` (a sort by e-mail, course or due date and
 * no status filter) only that page's pairs are ordered and paged in SQL and only their facts
 * gathered, and `total` counts them all; otherwise every row is built and the caller pages.
 */
export async function reportRows(
  ctx: Pick<ManagerCtx, 'db' | 'organisationId' | 'clock'>,
  query: OrgReportQuery,
  window?: { limit: number; offset: number },
): Promise<{ rows: OrgReportRow[]; total: number }> {
  const org = ctx.organisationId;
  await organisationOf(ctx.db, org);
  const course = query.course ? await organisationCourse(ctx.db, org, query.course) : undefined;
  if (query.group) await groupOf(ctx.db, org, query.group);
  const sortKey = SQL_SORTS[(query.sort ?? 'email') as keyof typeof SQL_SORTS];
  const pairsOf = sql`
    with assigned as (
      select a.user_id, a.course_id, a.due_at
        from organisation_assignments a
       where a.organisation_id = ${org} and a.user_id is not null
      union all
      select gm.user_id, a.course_id, a.due_at
        from organisation_assignments a
        join organisation_group_members gm on gm.group_id = a.group_id and gm.organisation_id = a.organisation_id
       where a.organisation_id = ${org} and a.group_id is not null
    ), pairs as (
      select user_id, course_id, min(due_at) as due_at
        from assigned
       where ${course ? sql`course_id = ${course.id}` : sql`true`}
         and ${
           query.group
             ? sql`user_id in (select user_id from organisation_group_members where organisation_id = ${org} and group_id = ${query.group})`
             : sql`true`
         }
       group by user_id, course_id
    )`;
  const paged = window
    ? sql`, people as materialized (
      -- The organisation's people and their e-mails, hashed once for the sort: the planner cannot
      -- count the pairs ahead, and would otherwise look every pair's person up in the index.
      select m.user_id, u.email from organisation_members m join users u on u.id = m.user_id
       where m.organisation_id = ${org}
    ), paged as (
      -- The count is its own aggregate over the pairs (computed once, as both read them), so the
      -- page itself is a bounded sort of the first rows rather than a sort of every pair.
      select p.*, (select count(*) from pairs) as total_pairs from pairs p
        join people u on u.user_id = p.user_id
        join courses c on c.id = p.course_id
       order by ${sortKey} ${query.dir === 'desc' ? sql`desc` : sql`asc`} nulls last,
             u.email collate "C", c.slug collate "C"
       limit ${window.limit} offset ${window.offset}
    )`
    : sql`, paged as (select *, null::bigint as total_pairs from pairs)`;
  const facts = await rowsOf<FactRow>(
    ctx,
    sql`${pairsOf}${paged}, totals as (
      select course_id, count(*)::int as n from lessons
       where is_active and course_id in (select distinct course_id from paged)
       group by course_id
    ), members as (
      select distinct user_id from paged
    ), done as (
      -- Aggregated over the people of the page first, then joined: one pass over their progress.
      select up.user_id, up.course_id, count(*)::int as n, max(up.updated_at) as last_at
        from user_progress up
        join lessons l on l.course_id = up.course_id and l.lesson_key = up.lesson_key and l.is_active
       where up.completed and up.user_id in (select user_id from members)
       group by up.user_id, up.course_id
    ), quiz as (
      select qa.user_id, qa.course_id, max(qa.percentage) filter (where qa.completed_at is not null) as score,
             count(*) > 0 as attempted
        from quiz_attempts qa
        join quizzes q on q.id = qa.quiz_id and q.kind = 'course'
       where qa.user_id in (select user_id from members)
       group by qa.user_id, qa.course_id
    )
    select p.user_id, u.email, coalesce(pr.display_name, u.name) as display_name,
           c.slug as course, c.title as course_title, p.due_at,
           coalesce(t.n, 0) as lessons_total, coalesce(d.n, 0) as lessons_done, d.last_at as last_done_at,
           coalesce(q.attempted, false) as attempted, q.score, p.total_pairs
      from paged p
      join users u on u.id = p.user_id
      left join profiles pr on pr.user_id = u.id
      join courses c on c.id = p.course_id
      left join totals t on t.course_id = p.course_id
      left join done d on d.user_id = p.user_id and d.course_id = p.course_id
      left join quiz q on q.user_id = p.user_id and q.course_id = p.course_id`,
  );
  const now = ctx.clock.now();
  const rows = facts.map((f): OrgReportRow => {
    const lessonsDone = Number(f.lessons_done);
    const status = assignmentStatus({
      lessonsDone,
      lessonsTotal: Number(f.lessons_total),
      attempted: f.attempted,
      dueAt: iso(f.due_at),
      now,
    });
    return {
      user_id: f.user_id,
      email: f.email,
      display_name: f.display_name,
      course: f.course,
      course_title: f.course_title,
      status,
      due_at: iso(f.due_at),
      completed_at: status === 'completed' ? iso(f.last_done_at) : null,
      score: f.score === null ? null : Math.round(Number(f.score)),
    };
  });
  const filtered = query.status ? rows.filter((r) => r.status === query.status) : rows;
  const sorted = filtered.sort(compareReportRows(query.sort, query.dir));
  if (!window) return { rows: sorted, total: sorted.length };
  if (facts[0]) return { rows: sorted, total: Number(facts[0].total_pairs) };
  // A page past the end: count the pairs on their own.
  const [count] = await rowsOf<{ n: number | string }>(ctx, sql`${pairsOf} select count(*) as n from pairs`);
  return { rows: sorted, total: Number(count?.n ?? 0) };
}

export async function report(ctx: ManagerCtx, query: OrgReportQuery) {
  const { page, pageSize, offset } = pageWindow(query, 25);
  const inSql = !query.status && (query.sort ?? 'email') in SQL_SORTS;
  if (inSql) {
    const { rows, total } = await reportRows(ctx, query, { limit: pageSize, offset });
    return { items: rows, total, page, pageSize };
  }
  const { rows } = await reportRows(ctx, query);
  return { items: rows.slice(offset, offset + pageSize), total: rows.length, page, pageSize };
}

const CSV_HEADER = ['email', 'name', 'course', 'status', 'due_at', 'completed_at', 'score'];

/** The report as CSV, guarded against formula injection by core's csvCell. */
export async function reportCsv(ctx: ManagerCtx, query: OrgReportQuery): Promise<string> {
  const { rows } = await reportRows(ctx, query);
  const lines = [csvLine(CSV_HEADER)];
  for (const r of rows)
    lines.push(csvLine([r.email, r.display_name, r.course, r.status, r.due_at, r.completed_at, r.score]));
  return lines.join('');
}

/** Completions per UTC day over the last `days` days (every day listed, zeros included). */
export async function completions(
  ctx: ManagerCtx,
  query: { course?: string | undefined; days?: number | undefined },
) {
  const days = query.days ?? 30;
  const { rows } = await reportRows(ctx, { course: query.course, status: 'completed' });
  const today = new Date(ctx.clock.now());
  const start =
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - (days - 1) * 86_400_000;
  const counts = new Map<string, number>();
  for (let i = 0; i < days; i += 1)
    counts.set(new Date(start + i * 86_400_000).toISOString().slice(0, 10), 0);
  for (const r of rows) {
    const day = r.completed_at?.slice(0, 10);
    if (day && counts.has(day)) counts.set(day, counts.get(day)! + 1);
  }
  return [...counts].map(([day, completed]) => ({ day, completed }));
}
