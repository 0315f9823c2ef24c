/** The smallest window shape the search walks (a real `Window`, or a test's stand-in). */
export interface ApiWindow {
  parent: ApiWindow | null;
  opener?: ApiWindow | null;
  [name: string]: unknown;
}

// ADL's API discovery algorithm: up the chain of parents (at most 500 steps), then the same from the
// opener. A parent of another origin throws on access; that branch simply has no API.
const MAX_STEPS = 500;

function own<T>(win: ApiWindow, name: string): T | null {
  try {
    return (win[name] as T | undefined) ?? null;
  } catch {
    return null;
  }
}

function searchUp<T>(start: ApiWindow | null | undefined, name: string): T | null {
  let win = start;
  for (let steps = 0; win && steps <= MAX_STEPS; steps++) {
    const api = own<T>(win, name);
    if (api) return api;
    let parent: ApiWindow | null = null;
    try {
      parent = win.parent;
    } catch {
      return null;
    }
    if (!parent || parent === win) return null;
    win = parent;
  }
  return null;
}

/**
 * Finds the LMS's runtime object: `API` for SCORM 1.2, `API_1484_11` for SCORM 2004, in this window,
 * its parents, then its opener and the opener's parents. Null when the course runs outside an LMS.
 */
export function findScormApi<T>(name: 'API' | 'API_1484_11', from: ApiWindow): T | null {
  const found = searchUp<T>(from, name);
  if (found) return found;
  let opener: ApiWindow | null | undefined;
  try {
    opener = from.opener;
  } catch {
    opener = null;
  }
  return searchUp<T>(opener, name);
}
