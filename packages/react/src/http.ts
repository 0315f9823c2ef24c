// @coursekit/react/http — @coursekit/core's HTTP adapter for the reference API, for hosts that
// install only @coursekit/react.

export type { HttpAdapterOptions, HttpCourseAdapter, SessionStorageLike } from '@coursekit/core/http';
export { createHttpAdapter, forCourse } from '@coursekit/core/http';
