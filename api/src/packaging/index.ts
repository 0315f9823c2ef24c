// @coursekit/api/packaging — the course as an LMS package, for the CLI, the admin route and the
// package's own tests (packages/lms).
export type { CoursePackage } from './buildPackage';
export { buildCoursePackage, LMS_DIST, SCHEMAS_DIR } from './buildPackage';
export { cmi5Aus, cmi5Structure } from './cmi5Structure';
export type { BundleContext, LoadedCourse } from './courseBundle';
export { loadCourseBundle } from './courseBundle';
export { seededCourseBundle } from './seededCourseBundle';
