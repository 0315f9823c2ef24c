import { Link, useNavigate, useSearch } from '@tanstack/react-router';

// The admin console widget (issue 6) plugs in here; until then each admin route says what it will be.

export function AdminHome() {
  return (
    <div className="card">
      <h1>Admin Console</h1>
      <p>
        The admin console is being built. Its user management, settings and content tools will appear here.
      </p>
      <p>
        <Link to="/admin/user-progress">User progress</Link>
      </p>
    </div>
  );
}

/** admin §2: ?userId= is kept in sync with the selection and cleared when none is chosen. */
export function AdminUserProgress() {
  const { userId } = useSearch({ strict: false });
  const navigate = useNavigate();
  return (
    <div className="card">
      <Link to="/admin">Back to Admin</Link>
      <h1>User Progress</h1>
      <div className="field">
        <label htmlFor="admin-user-id">User id</label>
        <input
          id="admin-user-id"
          value={userId ?? ''}
          onChange={(e) =>
            void navigate({
              to: '/admin/user-progress',
              search: e.target.value ? { userId: e.target.value } : {},
              replace: true,
            })
          }
        />
      </div>
      {userId ? null : <p>Please select a user from the dropdown above to view their progress.</p>}
    </div>
  );
}

export function ContentLoader() {
  return (
    <div className="card">
      <h1>Content Loader</h1>
      <p>The admin content tools are being built and will appear here.</p>
    </div>
  );
}
