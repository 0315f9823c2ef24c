// @coursekit/core/testing — the adapter conformance suite (needs vitest).

export type { ConformanceHarness } from './conformance';
export { CONFORMANCE_PASSWORD, runAdapterConformance, uniqueEmail } from './conformance';
