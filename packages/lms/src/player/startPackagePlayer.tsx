import { type CourseBundle, CourseBundleSchema } from '@coursekit/core';
import { createRoot } from 'react-dom/client';
import { createPackageAdapter } from '../adapter/createPackageAdapter';
import type { LmsRuntime } from '../runtime/LmsRuntime';
import { PackagePlayer } from './PackagePlayer';
import type { PlayerScope } from './playerScope';

export interface PackageLaunch {
  /** The runtime binding of the package's standard, for this launch. */
  runtime: (bundle: CourseBundle, scope: PlayerScope) => LmsRuntime;
  /** The part of the course this launch shows (a cmi5 AU), or null when the launch names none. */
  scope: (bundle: CourseBundle) => PlayerScope | null;
}

const DAMAGED =
  'This course package is damaged: its course data could not be read. Ask your LMS administrator to import it again.';
const UNKNOWN_PART = 'This link does not name a part of this course. Launch the course again from your LMS.';

function fail(root: HTMLElement, message: string) {
  const p = document.createElement('p');
  p.className = 'ck-package-notice ck-package-notice-error';
  p.setAttribute('role', 'alert');
  p.textContent = message;
  root.replaceChildren(p);
}

/**
 * Starts the player in the package's index.html: reads the course (data/course.json), opens the LMS
 * session through the standard's runtime and renders the course. Closing the page ends the session
 * (LMSFinish / Terminate / the terminated statement) once.
 */
export async function startPackagePlayer(launch: PackageLaunch): Promise<void> {
  const root = document.getElementById('coursekit');
  if (!root) return;
  let bundle: CourseBundle;
  try {
    const response = await fetch(root.dataset.course ?? 'data/course.json');
    bundle = CourseBundleSchema.parse(await response.json());
  } catch {
    fail(root, DAMAGED);
    return;
  }
  const scope = launch.scope(bundle);
  if (!scope) {
    fail(root, UNKNOWN_PART);
    return;
  }
  const adapter = createPackageAdapter({ bundle, runtime: launch.runtime(bundle, scope) });
  const end = () => void adapter.lms.finish();
  globalThis.addEventListener('pagehide', end);
  globalThis.addEventListener('beforeunload', end);
  await adapter.lms.ready;
  createRoot(root).render(<PackagePlayer adapter={adapter} bundle={bundle} scope={scope} />);
}
