// @coursekit/mocks — an in-memory CourseKit backend: a store that uses core's rules, a CourseAdapter
// on it, and MSW handlers that speak the reference API's learner and admin surfaces.

export type { AdminStore } from './admin/adminStore';
export { adminStore } from './admin/adminStore';
export { createAdminHandlers } from './admin/createAdminHandlers';
export { createMemoryAdmin } from './admin/createMemoryAdmin';
export { DEMO_ADMIN } from './admin/seedAdminWorld';
export type { HandlersOptions } from './createHandlers';
export { createHandlers } from './createHandlers';
export type { MemoryAdapterOptions } from './createMemoryAdapter';
export { createMemoryAdapter } from './createMemoryAdapter';
export type { MemoryStore } from './createMemoryStore';
export { createMemoryStore, DEMO_LEARNER } from './createMemoryStore';
export type { CourseFixture, FixtureQuestion, FixtureQuiz } from './fixtures/courseFixture';
export { courseFixture } from './fixtures/courseFixture';
export type { AdminScenario, ScenarioName, ScenarioOptions } from './scenarios';
export { SCENARIOS, scenarioOptions } from './scenarios';
