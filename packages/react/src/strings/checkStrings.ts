import { type CourseStrings, defaultCourseStrings } from './courseStrings';

/**
 * Reports keys the widgets have no text for (a misspelt key would otherwise be dropped silently).
 * CourseProvider loads this on demand, so the full catalogue never weighs on a widget's bundle.
 */
export function checkStrings(strings: Partial<CourseStrings>): void {
  for (const key of Object.keys(strings)) {
    if (!Object.hasOwn(defaultCourseStrings, key)) {
      console.warn(`CourseKit: strings has no text "${key}"; it was ignored.`);
    }
  }
}
