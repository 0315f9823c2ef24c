/** The `{name}` placeholders of a text, e.g. 'Module {number}: {name}'. */
export const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Fills a text's `{name}` placeholders: formatString('Open Module {number}', { number: 2 }).
 * A placeholder without a value stays as written, so a missing value shows rather than vanishes.
 */
export function formatString(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}
