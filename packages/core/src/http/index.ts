// @coursekit/core/http — the HTTP adapter for the reference API, on the page's fetch. A separate entry
// so that a page using only the rules and schemas does not carry it. Its admin part is
// `@coursekit/core/http/admin`.

export { companySignInUrl, fetchCompanySignIn } from './companySignIn';
export type { HttpAdapterOptions, HttpCourseAdapter, SessionStorageLike } from './createHttpAdapter';
export { createHttpAdapter, forCourse } from './createHttpAdapter';
export type { AcceptedInvitation } from './createHttpOrganisation';
export {
  acceptOrganisationInvitation,
  createHttpOrganisation,
  readReminderLink,
  turnRemindersOff,
} from './createHttpOrganisation';
export type { EventStreamOptions, StreamEvent } from './eventStream';
export { createEventParser, followEventStream } from './eventStream';
export { fetchOrganisationFace } from './organisationFace';
