import type { LessonTab, ModuleAction, ModuleStatus } from '@coursekit/core';
import type { CourseStrings } from './courseStrings';
import { formatString } from './formatString';

// core's rules say what a tab or a button stands for; these turn that meaning into the host's text,
// so the rule lives once, in core, and the words once, in the catalogue.

/** The text of a lesson tab: the intro, or 'Lesson {number}'. */
export function lessonTabText(
  t: Pick<CourseStrings, 'lessonTabIntro' | 'lessonTab'>,
  tab: LessonTab,
): string {
  return tab.kind === 'intro' ? t.lessonTabIntro : formatString(t.lessonTab, { number: tab.n });
}

/** The text key of each module-row action that stays on the module; at 100% the row leads on instead. */
export const MODULE_ACTION_TEXT = {
  start: 'moduleStart',
  continue: 'moduleContinue',
} as const satisfies Record<Exclude<ModuleAction, 'complete'>, keyof CourseStrings>;

/** The text key of each module badge core's moduleStatus answers. */
export const MODULE_STATUS_TEXT = {
  complete: 'statusComplete',
  testedOut: 'testedOut',
  inProgress: 'inProgress',
} as const satisfies Record<ModuleStatus, keyof CourseStrings>;
