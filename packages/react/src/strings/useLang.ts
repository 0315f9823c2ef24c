import { useCourseContext } from '../provider/useCourseAdapter';

/** The language CourseProvider was given (`lang`), or undefined for the browser's own. */
export function useLang(): string | undefined {
  return useCourseContext().lang;
}
