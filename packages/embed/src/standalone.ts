// The classic-script and ESM bundle for pages without React: registers <course-player> and exposes
// window.CourseKit.mountCoursePlayer.
import { defineCoursePlayerElement } from './courseElement';
import { mountCoursePlayer } from './mountCoursePlayer';
import { createXapiReporter } from './xapi';

defineCoursePlayerElement();
const api = { mountCoursePlayer, createXapiReporter, defineCoursePlayerElement };
(globalThis as { CourseKit?: typeof api }).CourseKit = api;

export { createXapiReporter, defineCoursePlayerElement, mountCoursePlayer };
