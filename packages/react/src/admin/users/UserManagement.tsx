import { type AdminUserView, adminMessages } from '@coursekit/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import * as s from '../../ui/styles.css';
import * as a from '../admin.css';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';
import { CreateUserDialog } from './CreateUserDialog';
import { DeleteUserDialog } from './DeleteUserDialog';
import { UserDetailsDialog } from './UserDetailsDialog';
import { UserRow } from './UserRow';
import { useUserActions } from './useUserActions';

/** Rows per page: searching, sorting and paging run on the server, so 10,000 users stay fast. */
const USER_PAGE_SIZE = 25;

type Sort = 'asc' | 'desc' | undefined;
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** admin §2 User Management: search, Create User, the users table and its dialogs. */
export function UserManagement() {
  const admin = useAdmin();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(undefined);
  const [page, setPage] = useState(1);
  const [details, setDetails] = useState<AdminUserView | null>(null);
  const [deleting, setDeleting] = useState<AdminUserView | null>(null);
  const [creating, setCreating] = useState(false);
  const actions = useUserActions();

  const query = { search: search.trim(), ...(sort ? { sort } : {}), page, pageSize: USER_PAGE_SIZE };
  const users = useQuery({
    queryKey: adminKeys.userList(query),
    queryFn: () => admin.users.list(query),
    placeholderData: keepPreviousData,
  });
  // admin §8: a failed list fetch is only logged by the server; the list stays empty.
  const list =
    users.data ?? (users.isError ? { items: [], total: 0, page: 1, pageSize: USER_PAGE_SIZE } : undefined);
  const first = list && list.total > 0 ? (list.page - 1) * list.pageSize + 1 : 0;
  const last = list ? Math.min(list.page * list.pageSize, list.total) : 0;

  return (
    <div className={s.stack}>
      <div className={s.spread}>
        <h3 className={s.subheading}>User Management</h3>
        <button type="button" className={s.button.primary} onClick={() => setCreating(true)}>
          Create User
        </button>
      </div>
      <label htmlFor={searchId} className={s.visuallyHidden}>
        Search users
      </label>
      <input
        id={searchId}
        type="search"
        className={a.input}
        placeholder={adminMessages.userSearchPlaceholder}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      <div className={a.tableWrap}>
        <table className={a.table} aria-busy={users.isFetching}>
          <caption className={s.visuallyHidden}>Users</caption>
          <thead>
            <tr>
              <th scope="col" aria-sort={sort ? ARIA_SORT[sort] : 'none'}>
                <button
                  type="button"
                  className={a.sortButton}
                  onClick={() => {
                    setSort(sort === 'asc' ? 'desc' : 'asc');
                    setPage(1);
                  }}
                >
                  User Details
                  <span aria-hidden="true">{sort === 'asc' ? ' ▲' : sort === 'desc' ? ' ▼' : ' ↕'}</span>
                </button>
              </th>
              <th scope="col">Account Status</th>
              <th scope="col">Roles</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list?.items.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                onDetails={setDetails}
                onDelete={setDeleting}
                actions={actions}
              />
            ))}
            {list && list.items.length === 0 ? (
              <tr>
                <td colSpan={4}>{query.search ? adminMessages.noUsersMatching : adminMessages.noUsers}</td>
              </tr>
            ) : null}
            {users.isPending ? (
              <tr>
                <td colSpan={4}>Loading users...</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {list && list.total > 0 ? (
        <nav className={s.spread} aria-label="Users pages">
          <p className={s.muted} aria-live="polite">
            {first}–{last} of {list.total}
          </p>
          <div className={s.row}>
            <button
              type="button"
              className={s.button.secondary}
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </button>
            <button
              type="button"
              className={s.button.secondary}
              disabled={last >= list.total}
              onClick={() => setPage(page + 1)}
            >
              Next
            </button>
          </div>
        </nav>
      ) : null}
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      {details ? <UserDetailsDialog user={details} onClose={() => setDetails(null)} /> : null}
      {deleting ? <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
