import { lessonTabLabel, type moduleActionLabel } from '@coursekit/core';
import type { CourseStrings } from './courseStrings';
import { formatString } from './formatString';

// core's rules decide which label applies and answer it in English; these give the host's text for
// the label they chose, so the rule itself still lives once, in core.

/** The lesson tab's text: the intro tab (core: index 0) or 'Lesson {number}'. */
export function lessonTabText(t: Pick<CourseStrings, 'lessonTabIntro' | 'lessonTab'>, index: number): string {
  return lessonTabLabel(index) === lessonTabLabel(0)
    ? t.lessonTabIntro
    : formatString(t.lessonTab, { number: index });
}

type ModuleAction = ReturnType<typeof moduleActionLabel>;

/** The text key of each module-row action core's moduleActionLabel can choose; at 100% the row leads on. */
export const MODULE_ACTION_TEXT = {
  'Start Module': 'moduleStart',
  Continue: 'moduleContinue',
} as const satisfies Record<Exclude<ModuleAction, 'Complete'>, keyof CourseStrings>;
