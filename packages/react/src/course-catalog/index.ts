// @coursekit/react/course-catalog — CourseCatalog alone, with the provider it needs.

export type { CourseProviderProps } from '../provider/CourseProvider';
export { CourseProvider } from '../provider/CourseProvider';
export type { CourseCatalogProps } from './CourseCatalog';
export { CourseCatalog, courseHref } from './CourseCatalog';
