import {
  ASSIGNMENT_STATUSES,
  type AssignmentStatus,
  type OrganisationAdapter,
  type OrgReportQuery,
} from '@coursekit/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import * as a from '../admin/admin.css';
import { saveBlob } from '../admin/saveBlob';
import { formatDate } from '../strings/formatDate';
import { formatString } from '../strings/formatString';
import { useLang } from '../strings/useLang';
import { ErrorState, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { WidgetRoot } from '../ui/WidgetRoot';
import { CompletionsChart } from './CompletionsChart';
import {
  messageOf,
  OrganisationContext,
  organisationKeys,
  useOrganisation,
  useOrganisationStrings,
} from './organisationContext';

type SortKey = NonNullable<OrgReportQuery['sort']>;
const PAGE_SIZE = 25;
const CHART_DAYS = 30;
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** The text of each status, by key in the strings. */
const STATUS_TEXT = {
  not_started: 'statusNotStarted',
  in_progress: 'statusInProgress',
  completed: 'statusCompleted',
  overdue: 'statusOverdue',
} as const satisfies Record<AssignmentStatus, string>;

/** The report's body, inside the console's Report tab or the OrganisationReport widget. */
export function ReportPanel() {
  const organisation = useOrganisation();
  const t = useOrganisationStrings();
  const lang = useLang();
  const uid = useId();
  const id = organisation.organisationId;
  const [status, setStatus] = useState<AssignmentStatus | ''>('');
  const [course, setCourse] = useState('');
  const [group, setGroup] = useState('');
  const [sort, setSort] = useState<SortKey>('email');
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const filters: Omit<OrgReportQuery, 'page' | 'pageSize'> = {
    ...(status ? { status } : {}),
    ...(course ? { course } : {}),
    ...(group ? { group } : {}),
    sort,
    dir,
  };
  const report = useQuery({
    queryKey: organisationKeys.report(id, { ...filters, page }),
    queryFn: () => organisation.report({ ...filters, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const courses = useQuery({ queryKey: organisationKeys.courses(id), queryFn: () => organisation.courses() });
  const groups = useQuery({ queryKey: organisationKeys.groups(id), queryFn: () => organisation.groups() });
  const completions = useQuery({
    queryKey: organisationKeys.completions(id, CHART_DAYS),
    queryFn: () => organisation.completions({ days: CHART_DAYS }),
  });
  const exportCsv = useMutation({
    mutationFn: () => organisation.reportCsv(filters),
    onSuccess: (text) =>
      saveBlob(new Blob([text], { type: 'text/csv' }), `report-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  const sortBy = (key: SortKey) => {
    setDir(sort === key && dir === 'asc' ? 'desc' : 'asc');
    setSort(key);
    setPage(1);
  };
  const filtered = Boolean(status || course || group);
  const header = (key: SortKey, label: string) => (
    <th scope="col" aria-sort={sort === key ? ARIA_SORT[dir] : undefined}>
      <button
        type="button"
        className={a.sortButton}
        aria-label={formatString(t.sortBy, { column: label })}
        onClick={() => sortBy(key)}
      >
        {label}
        {sort === key ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
  if (report.isPending) return <Skeletons count={3} label={t.loadingReport} />;
  if (report.isError) return <ErrorState error={report.error} onRetry={() => report.refetch()} />;
  const pages = Math.max(1, Math.ceil(report.data.total / PAGE_SIZE));
  return (
    <div className={s.stack}>
      <div className={s.spread}>
        <h3 id={`${uid}-h`} className={s.subheading}>
          {t.reportHeading}
        </h3>
        <button
          type="button"
          className={s.button.secondary}
          disabled={exportCsv.isPending}
          onClick={() => exportCsv.mutate()}
        >
          {exportCsv.isPending ? t.exporting : t.exportCsv}
        </button>
      </div>
      {exportCsv.isError && (
        <p role="alert" className={a.fieldError}>
          {messageOf(exportCsv.error)}
        </p>
      )}
      <div className={s.row}>
        <label className={a.field}>
          {t.filterStatus}
          <select
            className={s.select}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as AssignmentStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t.filterAll}</option>
            {ASSIGNMENT_STATUSES.map((x) => (
              <option key={x} value={x}>
                {t[STATUS_TEXT[x]]}
              </option>
            ))}
          </select>
        </label>
        <label className={a.field}>
          {t.filterCourse}
          <select
            className={s.select}
            value={course}
            onChange={(e) => {
              setCourse(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t.filterAll}</option>
            {courses.data?.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
        <label className={a.field}>
          {t.filterGroup}
          <select
            className={s.select}
            value={group}
            onChange={(e) => {
              setGroup(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t.filterAll}</option>
            {groups.data?.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {report.data.total === 0 ? (
        <p className={s.muted}>{filtered ? t.reportNoMatch : t.reportEmpty}</p>
      ) : (
        <>
          <div className={a.tableWrap}>
            <table className={a.table} aria-busy={report.isFetching || undefined}>
              <caption className={s.visuallyHidden}>{t.reportCaption}</caption>
              <thead>
                <tr>
                  {header('email', t.columnEmail)}
                  {header('course', t.columnCourse)}
                  {header('status', t.columnStatus)}
                  {header('due_at', t.columnDue)}
                  {header('completed_at', t.columnCompleted)}
                  {header('score', t.columnScore)}
                </tr>
              </thead>
              <tbody>
                {report.data.items.map((row) => (
                  <tr key={`${row.user_id}-${row.course}`}>
                    <td>{row.display_name ? `${row.display_name} (${row.email})` : row.email}</td>
                    <td>{row.course_title}</td>
                    <td>{t[STATUS_TEXT[row.status]]}</td>
                    <td>{row.due_at ? formatDate(row.due_at, lang) : t.none}</td>
                    <td>{row.completed_at ? formatDate(row.completed_at, lang) : t.none}</td>
                    <td>{row.score === null ? t.none : `${row.score}%`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <div className={s.row}>
              <button
                type="button"
                className={s.button.secondary}
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                {t.previousPage}
              </button>
              <span>{formatString(t.pageOf, { page, pages, total: report.data.total })}</span>
              <button
                type="button"
                className={s.button.secondary}
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {t.nextPage}
              </button>
            </div>
          )}
        </>
      )}
      {completions.isError ? (
        <ErrorState error={completions.error} onRetry={() => completions.refetch()} />
      ) : completions.data ? (
        <CompletionsChart days={completions.data} />
      ) : null}
    </div>
  );
}

export interface OrganisationReportProps {
  /** The organisation's manager calls, e.g. `createHttpOrganisation(adapter, organisationId)`. */
  adapter: OrganisationAdapter;
}

/**
 * The managers' report alone, for a partner's intranet page: per person and assigned course, the
 * status, due and completion dates and final-quiz score, filtered and sorted, the server's CSV export,
 * and completions over time. Render it inside a CourseProvider.
 */
export function OrganisationReport({ adapter }: OrganisationReportProps) {
  const t = useOrganisationStrings();
  return (
    <WidgetRoot label={t.reportLabel}>
      <OrganisationContext.Provider value={adapter}>
        <ReportPanel />
      </OrganisationContext.Provider>
    </WidgetRoot>
  );
}
