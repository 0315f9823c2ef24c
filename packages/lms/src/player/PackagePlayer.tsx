import type { CourseBundle } from '@coursekit/core';
import { CoursePlayer, type CoursePlayerProps, CourseProvider, parseRoute } from '@coursekit/react';
import { useCallback, useState } from 'react';
import type { PackageCourseAdapter } from '../adapter/createPackageAdapter';
import { lmsTexts } from '../runtime/lmsTexts';
import { LmsNotices } from './LmsNotices';
import { inScope, type PlayerScope, startPath } from './playerScope';

export interface PackagePlayerProps {
  adapter: PackageCourseAdapter;
  bundle: CourseBundle;
  scope: PlayerScope;
}

/** The player's props for a path: the shell routes, the CoursePlayer shows one screen at a time. */
function screenProps(path: string): CoursePlayerProps {
  const route = parseRoute(path);
  switch (route.screen) {
    case 'module':
      return { screen: 'module', moduleId: route.moduleId };
    case 'quiz':
    case 'results':
      return { screen: route.screen, quizId: route.quizId };
    case 'not-found':
      return { screen: 'dashboard' };
    default:
      return { screen: route.screen };
  }
}

/**
 * The course inside an LMS package: the CoursePlayer on the package adapter, routed here so the
 * learner's place goes to the LMS (lesson_location / cmi.location / the cmi5 state) and a cmi5 AU
 * stays on its own part. The adapter has no certificate and no admin part, and never answers
 * 'unauthorized', so the player shows no certificate, no admin and no sign-in.
 */
export function PackagePlayer({ adapter, bundle, scope }: PackagePlayerProps) {
  const [path, setPath] = useState(() => startPath(scope, bundle, adapter.lms.resumeAt()));
  const [partDone, setPartDone] = useState(false);
  const navigate = useCallback(
    (next: string) => {
      if (!inScope(scope, bundle, next)) {
        setPartDone(true);
        return;
      }
      setPath(next);
      globalThis.scrollTo?.(0, 0);
      void adapter.lms.setLocation(next);
    },
    [adapter, bundle, scope],
  );
  const exit = async () => {
    await adapter.lms.finish();
    const back = adapter.lms.returnUrl();
    if (back) globalThis.location.assign(back);
  };
  const cmi5 = scope.kind !== 'course';

  return (
    <div className="ck-package">
      <LmsNotices connection={adapter.lms} />
      {cmi5 ? (
        <div className="ck-package-bar">
          <button type="button" className="ck-package-button" onClick={() => void exit()}>
            {lmsTexts.exit}
          </button>
        </div>
      ) : null}
      {partDone ? (
        <section className="ck-package-done" aria-labelledby="ck-part-done">
          <h2 id="ck-part-done">{lmsTexts.finishedPart}</h2>
          {adapter.lms.returnUrl() ? (
            <button type="button" className="ck-package-button" onClick={() => void exit()}>
              {lmsTexts.returnToLms}
            </button>
          ) : (
            <p>{lmsTexts.closeWindow}</p>
          )}
        </section>
      ) : (
        <CourseProvider adapter={adapter} onNavigate={navigate}>
          <CoursePlayer
            {...screenProps(path)}
            title={bundle.course.title}
            description={bundle.course.description}
          />
        </CourseProvider>
      )}
    </div>
  );
}
