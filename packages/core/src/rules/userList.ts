// admin §2's user list, defined once. The API does this work in SQL (one statement over every
// account) and the mocks in memory; both follow the definition below, and the admin conformance
// suite (`@coursekit/core/testing`, USER_LIST_CASES) runs the same cases through each.
//
// - The name is the profile's display name once the account has a profile (blank is null there),
//   the sign-up name before.
// - Search: the trimmed search text, as a case-insensitive substring of the name or the e-mail; no
//   character is special (a `%` or `_` matches itself).
// - Sort by name: the last whitespace-separated word of the name, lower-cased (a missing name is
//   the empty word, so it comes first going up); equal words by e-mail; both compared by code point.
// - No sort asked: newest account first, equal times by id.

/** What the definition reads of an account. */
export interface ListedUser {
  id: string;
  email: string;
  name: string | null;
  created_at: string;
}

export type UserSort = 'asc' | 'desc';

/** The search text as it is matched: trimmed and lower-cased; empty means no search. */
export const userSearchNeedle = (search: string | undefined): string => (search ?? '').trim().toLowerCase();

/** admin §2: the search box matches name or e-mail as a case-insensitive substring. */
export function matchesUserSearch(
  user: Pick<ListedUser, 'email' | 'name'>,
  search: string | undefined,
): boolean {
  const needle = userSearchNeedle(search);
  if (needle === '') return true;
  return user.email.toLowerCase().includes(needle) || (user.name ?? '').toLowerCase().includes(needle);
}

/** admin §2: the list sorts by the last word of the display name. */
export function lastNameKey(name: string | null): string {
  return (name ?? '').trim().toLowerCase().split(/\s+/).at(-1) ?? '';
}

/** Code-point order, the same on every machine and in every database collation ("C"). */
export const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The accounts a search finds, in the list's order. Sort keys are computed once per account, so a
 * list of 10,000 stays quick.
 */
export function searchAndSortUsers<T extends ListedUser>(
  users: Iterable<T>,
  query: { search?: string | undefined; sort?: UserSort | undefined },
): T[] {
  const found = [...users].filter((u) => matchesUserSearch(u, query.search));
  if (!query.sort) {
    return found.sort((a, b) => byCodePoint(b.created_at, a.created_at) || byCodePoint(a.id, b.id));
  }
  const sign = query.sort === 'asc' ? 1 : -1;
  return found
    .map((user) => ({ user, key: lastNameKey(user.name) }))
    .sort((a, b) => sign * byCodePoint(a.key, b.key) || byCodePoint(a.user.email, b.user.email))
    .map((k) => k.user);
}
