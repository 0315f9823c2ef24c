/** The CourseCatalog's texts. English; CourseProvider's `strings` replaces any of them. */
export const catalogStrings = {
  catalogLabel: 'Courses',
  loadingCatalog: 'Loading courses',
  catalogErrorTitle: 'The courses could not be loaded',
  catalogEmptyTitle: 'No courses yet',
  catalogEmptyBody: 'No course has been published yet. Please check back later.',
  catalogEstimatedTime: 'Estimated time: {time}',
  catalogModulesOne: '{count} module',
  catalogModulesOther: '{count} modules',
  catalogProgressBar: '{course} progress',
  catalogNotStarted: 'Not started yet',
  catalogCertified: 'Certificate earned',
};
