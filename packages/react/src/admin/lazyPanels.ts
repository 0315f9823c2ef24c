import { lazy } from 'react';

// The console's screens and tabs beyond the first load when opened, so the console starts small
// (User Management and the shell ship with the entry; each of these is a chunk of its own).

export const SystemSettingsTab = lazy(() =>
  import('./settings/SystemSettingsTab').then((m) => ({ default: m.SystemSettingsTab })),
);
export const ContentTools = lazy(() =>
  import('./content/ContentTools').then((m) => ({ default: m.ContentTools })),
);
export const StableTrackingAdmin = lazy(() =>
  import('./tracking/StableTrackingAdmin').then((m) => ({ default: m.StableTrackingAdmin })),
);
export const AnalyticsPanel = lazy(() =>
  import('./analytics/AnalyticsPanel').then((m) => ({ default: m.AnalyticsPanel })),
);
export const UserProgressPage = lazy(() =>
  import('./user-progress/UserProgressPage').then((m) => ({ default: m.UserProgressPage })),
);
export const OrganisationsPanel = lazy(() =>
  import('./organisations/OrganisationsPanel').then((m) => ({ default: m.OrganisationsPanel })),
);
export const LtiPanel = lazy(() => import('./lti/LtiPanel').then((m) => ({ default: m.LtiPanel })));
