// @coursekit/core/http/admin — the admin part of the HTTP adapter and the admin endpoint table it
// calls. A separate entry so that learner pages (the site's landing page, a partner's player) never
// load the admin surface; only the admin console imports it.

export type { AdminEndpoint } from '../adminEndpoint';
export type { AdminEndpointName } from '../adminEndpoints';
export { adminEndpoints } from '../adminEndpoints';
export type { HttpAdminCourseAdapter } from './withHttpAdmin';
export { withHttpAdmin } from './withHttpAdmin';
