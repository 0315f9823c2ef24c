import type { Page } from '../schemas/admin';

// How the admin lists page (admin §2: 'Page size for the list: not shown', so these are ours). The
// endpoint table's query schemas hold the ranges; the backends read a page through `pageWindow`.

/** The largest page number a list takes. */
export const MAX_PAGE = 1_000_000;
/** The largest page a list answers. */
export const MAX_PAGE_SIZE = 100;
/** The user list's page when the query names none. */
export const USERS_PAGE_SIZE = 20;
/** The audit lists' page (actions, security events) when the query names none. */
export const AUDIT_PAGE_SIZE = 50;

/** Which rows a page holds: page and size (defaults filled in) and how many rows come before it. */
export function pageWindow(
  query: { page?: number | undefined; pageSize?: number | undefined },
  defaultSize: number,
): { page: number; pageSize: number; offset: number } {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? defaultSize;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** One page of a list already in order; `total` counts the whole list. */
export function pageOfList<T>(
  items: readonly T[],
  query: { page?: number | undefined; pageSize?: number | undefined },
  defaultSize: number,
): Page<T> {
  const { page, pageSize, offset } = pageWindow(query, defaultSize);
  return { items: items.slice(offset, offset + pageSize), total: items.length, page, pageSize };
}
