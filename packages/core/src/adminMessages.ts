import type { CourseImportResult } from './http/adminSchemas';

/**
 * The administrator's texts (admin §2/§8), apart from `messages` so that the learner widgets, which
 * import `messages`, never carry the admin console's words. The texts both sides show stay in
 * `messages`.
 */
export const adminMessages = {
  // admin §8 — role and password toasts
  roleAssignedTitle: 'Role Assigned',
  roleRemovedTitle: 'Role Removed',
  roleAssignFailed: 'Failed to assign role',
  roleRemoveFailed: 'Failed to remove role',
  passwordResetSentTitle: 'Password Reset Sent',
  passwordResetFailed: 'Failed to send password reset email',

  // admin §8 — user toasts
  updateFailedTitle: 'Update Failed',
  userUpdateFailed: 'Failed to update user profile',
  userCreationFailedTitle: 'User Creation Failed',
  userCreationFailed: 'Failed to create user account',
  deletionFailedTitle: 'Deletion Failed',

  // admin §8 — content toasts
  modulesLoadedTitle: 'Modules Loaded',
  loadingFailedTitle: 'Loading Failed',
  loadingErrorTitle: 'Loading Error',
  loadingModulesUnexpected: 'An unexpected error occurred while loading modules',
  loadingModuleUnexpected: 'An unexpected error occurred while loading the module',
  imagesRefreshedTitle: 'Images Refreshed',
  refreshFailedTitle: 'Refresh Failed',
  refreshErrorTitle: 'Refresh Error',
  refreshImagesUnexpected: 'An unexpected error occurred while refreshing images',
  moduleLoadFailedTitle: 'Module Load Failed',

  // admin §8 — settings and dashboard
  maintenanceUpdateFailed: 'Error: Failed to update maintenance mode',
  systemMessageUpdateFailed: 'Error: Failed to update system message',

  // the platform's words (System Settings)
  platformSaved: 'Platform texts saved',
  platformSaveFailed: 'Error: Failed to save the platform texts',
  platformSiteNameRequired: 'Enter the site name.',
  platformOwnerRequired: 'Enter who owns the site.',
  platformYearInvalid: 'Enter a year from 1970 to 9999.',
  platformSupportEmailInvalid: 'Enter the help mailbox as an e-mail address.',
  settingsLoadFailed: 'Failed to load system settings',
  dashboardLoadFailed: 'Failed to load dashboard data',

  // admin §2 — user management
  userSearchPlaceholder: 'Search users by name or email...',
  noUsersMatching: 'No users found matching your search.',
  noUsers: 'No users found.',
  unknownUser: 'Unknown User',

  // admin §2/§8 — user progress page
  selectUserPrompt: 'Please select a user from the dropdown above to view their progress.',
  noQuizzesFound: 'No quizzes found.',
  noModulesFound: 'No modules found.',
  noAttemptsFound: 'No attempts found for this quiz.',
  notAttempted: 'Not attempted',
  successTitle: 'Success',
  quizResetCompleteTitle: 'Quiz Reset Complete',
  preAssessmentResetTitle: 'Pre-Assessment Reset',
  preAssessmentResetFailed: 'Could not reset pre-assessment. Please try again.',
  noUserSelected: 'No user selected',
  missingUserOrQuiz: 'Missing user ID or quiz ID',

  // admin §8 — image tool toasts
  analysisFailedTitle: 'Analysis Failed',
  analysisFailed: 'An error occurred during analysis. Check console for details.',
  validationFailedTitle: 'Validation Failed',
  correctionFailedTitle: 'Enhanced Correction Failed',
  correctionWithIssuesTitle: 'Correction Completed with Issues',

  // admin §8 — stable tracking toasts
  cleanupFailedTitle: 'Cleanup failed',
  migrationFailedTitle: 'Migration failed',

  // The server's answers the spec does not word
  userNotFound: 'User not found',
  adminQuizNotFound: 'Quiz not found',
  noSuchJob: 'No such job',
  tooManyJobs: 'Too many image jobs are running; try again later',
  jobServerGone: 'The job stopped: its server went away. Run it again.',
  jobFailed: 'The job failed',
  orphanedProgressReason: 'Progress records whose lesson no longer exists',

  // Courses: the server's refusals, which the console shows as they come
  defaultMustBePublished: 'Only a published course can be the default course.',
  defaultStaysPublished:
    'This is the default course: make another published course the default before archiving it or making it a draft.',
  notAZip: 'Send the course as a zip of its folder (Content-Type: application/zip).',

  // Courses: the console's picker and its Courses section
  coursePickerLabel: 'Course',
  courseStatusDraft: 'Draft',
  courseStatusPublished: 'Published',
  courseStatusArchived: 'Archived',
  courseDefault: 'Default',
  coursesLoadFailed: 'Failed to load courses',
  courseUpdatedTitle: 'Course Updated',
  courseUpdateFailedTitle: 'Course Update Failed',
  makeDefaultTitle: 'Make Default Course',
  courseExportFailedTitle: 'Export Failed',
  courseImportedTitle: 'Course Imported',
  courseImportRefusedTitle: 'Import Refused',
  courseImportPickFile: 'Choose a course zip to import.',
};

/** admin §8: 'Module N not found content not available', a Load Module N with no content. */
export const moduleContentNotAvailable = (moduleId: number): string =>
  `Module ${moduleId} not found content not available`;

/** The field message of a page number or size out of its range. */
export const pageRangeMessage = (max: number): string => `Expected 1 to ${max}`;

/** A course zip over the import's size limit (in bytes). */
export const courseZipTooLarge = (limit: number): string =>
  `The zip is over ${Math.round(limit / 1024 / 1024)} MiB.`;

/** A course export asked of a course whose folder was never loaded or imported. */
export const courseHasNoFolder = (slug: string): string =>
  `Course "${slug}" has no folder to export: load or import it once (npm run content:load -w @coursekit/api).`;

/** Load Module / Load All Modules of a course whose folder is not on the server (a zip import or the studio made it). */
export const courseNotOnServer = (slug: string): string =>
  `Course "${slug}" has no folder on this server (it came as a zip or from the studio): change it in the studio or import a new zip.`;

/** An imported image whose name another course's lessons already use (the image bucket is shared). */
export const courseImageTaken = (file: string, slug: string): string =>
  `${file}: course "${slug}" already has an image of this name (images are shared by every course's lessons): rename it`;

/** The Make Default dialog's question: what changes for learners and embeds. */
export const makeDefaultQuestion = (title: string): string =>
  `Make “${title}” the default course? The site's course pages and every embed that names no course will show it; learners' records in every course are kept.`;

/** A course's status, or its making the default, as the console's toast says it. */
export const courseUpdatedMessage = (
  title: string,
  change: 'draft' | 'published' | 'archived' | 'default',
) => (change === 'default' ? `${title} is now the default course.` : `${title} is now ${change}.`);

/** An export saved in the admin's browser. */
export const courseExportSaved = (fileName: string, kb: number): string => `Saved ${fileName} (${kb} KB).`;

/** What an import did: the course created (as a draft) or updated, with the content pipeline's counts. */
export const courseImportSummary = (
  title: string,
  created: boolean,
  s: CourseImportResult['summary'],
): string =>
  `${created ? `Created “${title}” as a draft` : `Updated “${title}”`}: ${s.modules} modules; lessons ${s.inserted} new, ${s.updated} changed, ${s.unchanged} unchanged, ${s.deactivated} removed; ${s.questions} questions; ${s.images} images.`;

/** The import's progress line while the zip is on its way. */
export const courseImportUploading = (fileName: string, kb: number): string =>
  `Uploading ${fileName} (${kb} KB)…`;
