// @coursekit/lms — the course inside an LMS: a CourseAdapter on the SCORM 1.2, SCORM 2004 and cmi5
// runtimes over a course bundle, and (dist/, built by build.mjs) the player a package carries.

export type {
  LmsConnection,
  PackageAdapterOptions,
  PackageCourseAdapter,
} from './adapter/createPackageAdapter';
export { createPackageAdapter } from './adapter/createPackageAdapter';
export type { Cmi5RuntimeOptions, Cmi5Scope } from './runtime/cmi5Runtime';
export { CMI5_STATE_ID, createCmi5Runtime } from './runtime/cmi5Runtime';
export type { ApiWindow } from './runtime/findScormApi';
export { findScormApi } from './runtime/findScormApi';
export type {
  LmsLearner,
  LmsProblem,
  LmsRuntime,
  LmsSave,
  LmsSession,
  LmsStandard,
  RecordedAnswer,
} from './runtime/LmsRuntime';
export { lmsTexts } from './runtime/lmsTexts';
export type { MemoryLmsRecord } from './runtime/memoryRuntime';
export { createMemoryRuntime } from './runtime/memoryRuntime';
export type { Scorm12RuntimeOptions } from './runtime/scorm12Runtime';
export { createScorm12Runtime, scorm12Status } from './runtime/scorm12Runtime';
export type { Scorm2004RuntimeOptions } from './runtime/scorm2004Runtime';
export { createScorm2004Runtime } from './runtime/scorm2004Runtime';
export type { CourseState, CourseStateOptions, PackagedQuiz } from './state/createCourseState';
export { createCourseState, KEPT_ATTEMPTS_PER_QUIZ } from './state/createCourseState';
export type { KeptAttempt, LearnerState } from './state/learnerState';
export type { LmsObjective, LmsReport, LmsScore } from './state/lmsReport';
export { lmsReport } from './state/lmsReport';
export {
  decodeSuspendData,
  encodeSuspendData,
  SUSPEND_DATA_LIMIT,
  SuspendDataError,
} from './state/suspendData';
