// @coursekit/react/admin-console — the administrator's widget alone, with the provider it needs.
// The learner entries never import it, so a learner page never loads admin code.

export type { CourseProviderProps } from '../provider/CourseProvider';
export { CourseProvider } from '../provider/CourseProvider';
export type { AdminConsoleProps, AdminConsoleScreen, AdminTab } from './AdminConsole';
export { AdminConsole } from './AdminConsole';
export { adminKeys } from './adminKeys';
export { useAdmin } from './useAdmin';
