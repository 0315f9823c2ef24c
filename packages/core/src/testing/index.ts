// @coursekit/core/testing — the conformance suites every backend runs (needs vitest).

export type { AdminConformanceHarness, AdminWorld } from './adminConformance';
export { runAdminConformance } from './adminConformance';
export type { ConformanceHarness } from './conformance';
export { runAdapterConformance } from './conformance';
export { CONFORMANCE_PASSWORD, expectCourseError, uniqueEmail } from './expectations';
export type { StudioConformanceHarness } from './studioConformance';
export { runStudioConformance } from './studioConformance';
export type { UserListCase, UserListRef } from './userListCases';
export { emailOf, USER_LIST_CASES, USER_LIST_PEOPLE, withTag } from './userListCases';
