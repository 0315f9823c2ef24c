// @coursekit/core/http — the HTTP adapter for the reference API (ky). A separate entry so that the
// main entry needs nothing beyond zod. Its admin part is `@coursekit/core/http/admin`.

export type { HttpAdapterOptions, HttpCourseAdapter, SessionStorageLike } from './createHttpAdapter';
export { createHttpAdapter } from './createHttpAdapter';
export type { EventStreamOptions, StreamEvent } from './eventStream';
export { createEventParser, followEventStream } from './eventStream';
