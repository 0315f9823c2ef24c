// @coursekit/react/organisation — the managers' widgets: the OrganisationConsole and the
// OrganisationReport a partner embeds for its managers, with the provider they render in. Learner
// entries never import it.

export type { CourseProviderProps } from '../provider/CourseProvider';
export { CourseProvider } from '../provider/CourseProvider';
export type { OrganisationConsoleProps, OrganisationConsoleTab } from './OrganisationConsole';
export { OrganisationConsole } from './OrganisationConsole';
export type { OrganisationReportProps } from './OrganisationReport';
export { OrganisationReport } from './OrganisationReport';
export { organisationStrings } from './organisationStrings';
