import { type AnalyticsReport, adminMessages, messages, percent } from '@coursekit/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState, Skeletons } from '../../ui/QueryState';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import { WidgetRoot } from '../../ui/WidgetRoot';
import { adminKeys } from '../adminKeys';
import { useAdmin, useAdminCourse } from '../useAdmin';
import * as a from './analytics.css';
import { DifficultyChart } from './DifficultyChart';
import { downloadProgressCsv } from './downloadProgressCsv';
import { FunnelChart } from './FunnelChart';
import { ScoreCharts } from './ScoreCharts';

/**
 * The console's Analytics tab (DESIGN decision 10, instead of admin §2's 'coming soon'): learner
 * counts, the completion funnel by module, pre-assessment vs final-quiz scores, per-question
 * difficulty, and a CSV export of every learner's progress — all computed on the server.
 */
export function AnalyticsPanel() {
  return (
    <WidgetRoot label="Analytics">
      <Panel />
    </WidgetRoot>
  );
}

function Panel() {
  const admin = useAdmin();
  const { course } = useAdminCourse();
  const analytics = admin.analytics;
  const report = useQuery({
    queryKey: adminKeys.analytics(course),
    queryFn: () => analytics!.report(),
    enabled: Boolean(analytics),
  });

  if (!analytics) {
    return (
      <p className={s.muted} role="status">
        Analytics are not available with this data adapter.
      </p>
    );
  }
  return (
    <div className={s.stack}>
      <div className={s.spread}>
        <h3 className={s.subheading}>Analytics</h3>
        <DownloadCsvButton disabled={!report.data || report.data.learners.total === 0} />
      </div>
      {report.isError ? (
        <ErrorState
          error={report.error}
          title={adminMessages.dashboardLoadFailed}
          onRetry={() => void report.refetch()}
        />
      ) : !report.data ? (
        <Skeletons count={3} label="Loading analytics" />
      ) : (
        <Report report={report.data} />
      )}
    </div>
  );
}

function DownloadCsvButton({ disabled }: { disabled: boolean }) {
  const analytics = useAdmin().analytics!;
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const name = await downloadProgressCsv(analytics);
      toast({ title: 'Download started', description: `Saved ${name}.` });
    } catch (e) {
      toast({ title: messages.errorTitle, description: (e as Error).message, variant: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={s.button.primary}
      disabled={disabled || busy}
      onClick={() => void download()}
    >
      {busy ? 'Preparing CSV...' : 'Download CSV'}
    </button>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const { learners } = report;
  if (learners.total === 0) {
    return (
      <div className={s.card} role="status">
        <p className={s.text}>No learners yet.</p>
        <p className={s.muted}>Reports appear here once learners sign up and start the course.</p>
      </div>
    );
  }
  const stats: Array<[string, string | number]> = [
    ['Learners', learners.total],
    ['Started', `${learners.started} (${percent(learners.started, learners.total)}%)`],
    [
      'Completed the course',
      `${learners.completedCourse} (${percent(learners.completedCourse, learners.total)}%)`,
    ],
  ];
  return (
    <div className={s.stack}>
      <ul className={a.summary} aria-label="Learners">
        {stats.map(([label, value]) => (
          <li key={label} className={s.card}>
            <span className={a.summaryValue}>{value}</span>
            <span className={s.muted}>{label}</span>
          </li>
        ))}
      </ul>
      <FunnelChart funnel={report.funnel} learners={learners.total} />
      <ScoreCharts scores={report.scores} />
      {report.difficulty.map((quiz) => (
        <DifficultyChart key={quiz.quizId} quiz={quiz} />
      ))}
      <p className={s.muted}>Generated {new Date(report.generatedAt).toLocaleString()}.</p>
    </div>
  );
}
