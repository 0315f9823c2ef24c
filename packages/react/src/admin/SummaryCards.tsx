import { adminMessages } from '@coursekit/core';
import { useQuery } from '@tanstack/react-query';
import * as s from '../ui/styles.css';
import * as a from './admin.css';
import { adminKeys } from './adminKeys';
import { useAdmin, useAdminCourse } from './useAdmin';

/** admin §2: Total Users (the platform's), and the picked course's Modules, Lessons, Quizzes, in a 4-column grid. */
export function SummaryCards() {
  const admin = useAdmin();
  const { course } = useAdminCourse();
  const stats = useQuery({ queryKey: adminKeys.stats(course), queryFn: () => admin.stats() });
  const cards = [
    ['Total Users', stats.data?.totalUsers],
    ['Modules', stats.data?.totalModules],
    ['Lessons', stats.data?.totalLessons],
    ['Quizzes', stats.data?.totalQuizzes],
  ] as const;
  const placeholder = stats.isError ? '—' : '…';
  return (
    <div className={s.stack}>
      {stats.isError ? (
        <p className={a.fieldError} role="alert">
          {adminMessages.dashboardLoadFailed}
        </p>
      ) : null}
      <ul className={a.statGrid} aria-label="Summary" aria-busy={stats.isPending}>
        {cards.map(([label, value]) => (
          <li key={label} className={s.card}>
            <span className={s.muted}>{label}</span>
            <span className={a.statValue}>{value ?? placeholder}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
