import type { CourseBundle } from '@coursekit/core';
import { parseRoute } from '@coursekit/react';
import type { Cmi5Scope } from '../runtime/cmi5Runtime';

/**
 * What part of the course a launch shows. A SCORM package is the whole course; a cmi5 AU is one
 * module, the final quiz or the pre-assessment, and the player stays inside it.
 */
export type PlayerScope = { kind: 'course' } | Cmi5Scope;

/** The AU named by the launch URL's `au` parameter (cmi5.xml: index.html?au=module-2). */
export function scopeFromAu(au: string | null, bundle: CourseBundle): PlayerScope | null {
  if (au === 'final-quiz') return { kind: 'final-quiz' };
  if (au === 'pre-assessment') return { kind: 'pre-assessment' };
  const moduleId = /^module-(\d+)$/.exec(au ?? '')?.[1];
  if (moduleId && bundle.modules.some((m) => m.id === Number(moduleId))) {
    return { kind: 'module', moduleId: Number(moduleId) };
  }
  return null;
}

const quizIdOf = (bundle: CourseBundle, kind: 'course' | 'pre_assessment') =>
  bundle.quizzes.find((q) => q.quiz.kind === kind)?.quiz.id ?? -1;

/** Where a launch opens: the saved location in a SCORM package, the AU's own screen in cmi5. */
export function startPath(scope: PlayerScope, bundle: CourseBundle, saved: string | null): string {
  switch (scope.kind) {
    case 'module':
      return `/module/${scope.moduleId}`;
    case 'final-quiz':
      return `/quiz/${quizIdOf(bundle, 'course')}`;
    case 'pre-assessment':
      return '/assessment';
    default:
      return saved && parseRoute(saved).screen !== 'not-found' ? saved : '/course';
  }
}

/** Whether a path stays inside the launch's part of the course. */
export function inScope(scope: PlayerScope, bundle: CourseBundle, path: string): boolean {
  const route = parseRoute(path);
  if (route.screen === 'not-found') return false;
  switch (scope.kind) {
    case 'module':
      return route.screen === 'module' && route.moduleId === scope.moduleId;
    case 'final-quiz': {
      const id = quizIdOf(bundle, 'course');
      return (route.screen === 'quiz' || route.screen === 'results') && route.quizId === id;
    }
    case 'pre-assessment': {
      const id = quizIdOf(bundle, 'pre_assessment');
      return route.screen === 'assessment' || (route.screen === 'results' && route.quizId === id);
    }
    default:
      return true;
  }
}
