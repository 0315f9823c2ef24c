// @coursekit/mocks — an in-memory CourseKit backend: a store that uses core's rules, a CourseAdapter
// on it, and MSW handlers that speak the reference API's learner and admin surfaces.

export type { AdminBackend } from './admin/adminBackend';
export { adminBackend } from './admin/adminBackend';
export { createAdminHandlers } from './admin/createAdminHandlers';
export { createMemoryAdminAdapter } from './admin/createMemoryAdminAdapter';
export { DEMO_ADMIN } from './admin/seedAdminScenario';
export type { HandlersOptions } from './createHandlers';
export { createHandlers } from './createHandlers';
export type { MemoryAdapterOptions } from './createMemoryAdapter';
export { createMemoryAdapter } from './createMemoryAdapter';
export type { CourseFixture, FixtureQuestion, FixtureQuiz } from './fixtures/courseFixture';
export { courseFixture, withTestOut } from './fixtures/courseFixture';
export type { OrganisationHandlersOptions } from './organisation/createOrganisationHandlers';
export { createOrganisationHandlers } from './organisation/createOrganisationHandlers';
export type {
  MemoryCourseRecord,
  MemoryOrganisation,
  MemoryOrganisationAction,
  MemoryOrganisationOptions,
} from './organisation/memoryOrganisation';
export { createMemoryOrganisation } from './organisation/memoryOrganisation';
export type { AdminScenario, ScenarioName, ScenarioOptions } from './scenarios';
export { SCENARIOS, scenarioOptions } from './scenarios';
export type { MemoryStore } from './store/createMemoryStore';
export { createMemoryStore } from './store/createMemoryStore';
export { DEMO_LEARNER } from './store/seedLearnerScenario';
export type { MemoryStudioOptions } from './studio/memoryStudio';
export { createMemoryStudio, memoryCopies } from './studio/memoryStudio';
