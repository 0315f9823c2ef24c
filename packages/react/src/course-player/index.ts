// @coursekit/react/course-player — CoursePlayer alone, with the provider it needs.

export type { CourseProviderProps } from '../provider/CourseProvider';
export { CourseProvider } from '../provider/CourseProvider';
export type { CoursePlayerProps } from './CoursePlayer';
export { CoursePlayer } from './CoursePlayer';
