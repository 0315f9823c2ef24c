// @coursekit/react/course-studio — the course studio, a lazily loaded console entry the
// learner widgets and the embed never load. Render it inside a CourseProvider (for the theme).

export type { CourseProviderProps } from '../provider/CourseProvider';
export { CourseProvider } from '../provider/CourseProvider';
export type { CourseStudioProps } from './CourseStudio';
export { CourseStudio } from './CourseStudio';
export type { LocalCopies, SaveState } from './useDraftFile';
