import { type LoadedCourse, seededCourseBundle } from '@coursekit/api/packaging';

let loading: Promise<LoadedCourse> | undefined;
/** The seed's course as the API exports it, loaded once per test file (an embedded database). */
export function seedBundle(): Promise<LoadedCourse> {
  loading ??= seededCourseBundle();
  return loading;
}
