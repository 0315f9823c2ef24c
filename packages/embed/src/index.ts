// @coursekit/embed — the course player for any page: mountCoursePlayer(), <course-player>, host
// events and xAPI. The `standalone` bundle (React included) is for pages without a build step.
export { CoursePlayerElement, defineCoursePlayerElement } from './courseElement';
export type { MountedPlayer, MountLocale, MountOptions } from './mountCoursePlayer';
export { mountCoursePlayer } from './mountCoursePlayer';
export type { XapiActor, XapiOptions, XapiReporterOptions, XapiStatement } from './xapi';
export { createXapiReporter, toXapiStatement } from './xapi';
