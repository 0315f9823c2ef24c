/**
 * A date as the learner's language writes it (CourseProvider's `lang`; the browser's own without
 * one). A malformed tag from a host ('de_DE') falls back to the browser's format rather than failing.
 */
export function formatDate(value: string | number | Date, lang: string | undefined): string {
  const date = new Date(value);
  try {
    return date.toLocaleDateString(lang);
  } catch {
    return date.toLocaleDateString();
  }
}
