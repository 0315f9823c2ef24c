import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { hostQueryClient } from '../learner/hostQueryClient';
import { useAdapter } from '../session/SessionProvider';
import { ContentLoader } from './ContentLoader';
import { SettingsPanel } from './SettingsPanel';

export { AdminUserProgress } from './AdminUserProgress';
export { ContentLoader };

// The full admin console widget (issue 6) will take this page over; until then the host offers
// the summary cards, the settings panel and links to the other admin tools.

export function AdminHome() {
  return (
    <QueryClientProvider client={hostQueryClient}>
      <AdminHomePage />
    </QueryClientProvider>
  );
}

function AdminHomePage() {
  const adapter = useAdapter();
  const stats = useQuery({ queryKey: ['host', 'admin', 'stats'], queryFn: () => adapter.admin!.stats() });
  const cards = [
    ['Total Users', stats.data?.totalUsers],
    ['Modules', stats.data?.totalModules],
    ['Lessons', stats.data?.totalLessons],
    ['Quizzes', stats.data?.totalQuizzes],
  ] as const;
  return (
    <div className="stack">
      <h1>Admin Console</h1>
      {stats.isError ? (
        <p className="form-error" role="alert">
          Failed to load dashboard data
        </p>
      ) : null}
      <ul className="stat-cards">
        {cards.map(([label, value]) => (
          <li key={label} className="card">
            <span className="stat-label">{label}</span>
            <span className="stat-value">{value ?? '…'}</span>
          </li>
        ))}
      </ul>
      <SettingsPanel />
      <section className="card" aria-labelledby="admin-tools">
        <h2 id="admin-tools">Tools</h2>
        <ul>
          <li>
            <Link to="/admin/user-progress">User progress</Link>
          </li>
          <li>
            <Link to="/content-loader">Content management</Link>
          </li>
        </ul>
        <p className="muted">
          User management, diagnostics, image tools and tracking arrive with the admin console.
        </p>
      </section>
    </div>
  );
}
