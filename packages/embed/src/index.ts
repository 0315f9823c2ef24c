// @coursekit/embed — the course player for any page. (mountCoursePlayer and <course-player> build
// on @coursekit/react's CoursePlayer.)

export type { XapiActor, XapiOptions, XapiReporterOptions, XapiStatement } from './xapi';
export { createXapiReporter, toXapiStatement } from './xapi';
