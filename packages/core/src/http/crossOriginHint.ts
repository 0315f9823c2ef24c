/**
 * Browsers hide why a cross-origin call was refused: a page whose origin no organisation of the API
 * lists among its embed origins only sees "Network error". When a call to another origin fails at the network
 * level, this tells the developer, once per adapter, which origins are involved and what to set.
 */
export function createCrossOriginHint(
  apiBase: string,
  report: (message: string) => void = (message) => console.error(message),
): () => void {
  let told = false;
  return () => {
    if (told) return;
    const page = globalThis.location;
    if (!page?.origin) return; // not in a browser: there is no CORS
    let apiOrigin: string;
    try {
      apiOrigin = new URL(apiBase, page.href).origin;
    } catch {
      return;
    }
    if (apiOrigin === page.origin) return;
    told = true;
    report(
      `CourseKit: a call from this page (origin ${page.origin}) to the API at ${apiOrigin} failed before ` +
        `any answer arrived. If the API is up, add ${page.origin} to your organisation's embed origins ` +
        "in the API's admin console (a new deployment's first organisation takes them from CORS_ORIGINS); " +
        'browsers do not say when they refuse a cross-origin call.',
    );
  };
}
