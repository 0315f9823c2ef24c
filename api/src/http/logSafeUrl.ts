// What of a request's URL the logs keep.

/** At most this many query parameter names are logged, each cut to 40 characters. */
const MAX_QUERY_NAMES = 20;

/**
 * The query string as the log keeps it: parameter names only, never values. A value can be a
 * password (a form sent without script puts `?email=…&password=…` in the URL), a download grant, or
 * an e-mail typed into the admin's search; a list of sensitive names would miss the next one, and
 * the names with the route pattern are enough to tell which call was made.
 */
export function queryNames(url: string): string[] | undefined {
  const at = url.indexOf('?');
  if (at === -1) return undefined;
  const names = new Set<string>();
  for (const part of url.slice(at + 1).split('&')) {
    if (names.size >= MAX_QUERY_NAMES) break;
    const name = part.split('=')[0]!;
    if (!name) continue;
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {}
    names.add(decoded.slice(0, 40));
  }
  return names.size ? [...names] : undefined;
}

/** The path of a URL without its query string. */
export const pathOnly = (url: string) => {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
};
