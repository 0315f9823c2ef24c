// @coursekit/react — the learner widgets, driven by a CourseAdapter.
// Each widget also has its own entry ('@coursekit/react/progress-panel'…) so a page loads only its code.

// Everything of @coursekit/core too (the adapter interfaces, CourseError, the events, the offline
// queue, the contract's types and rules), so a React host installs this one package, as
// @tanstack/react-query does with query-core and tldraw with its editor. The HTTP adapter is
// '@coursekit/react/http', a separate entry so that a page without it loads no ky.
export * from '@coursekit/core';

export type { CourseCatalogProps } from './course-catalog/CourseCatalog';
export { CourseCatalog, courseHref } from './course-catalog/CourseCatalog';
export type { CoursePlayerProps, CoursePlayerScreen } from './course-player/CoursePlayer';
export { CoursePlayer } from './course-player/CoursePlayer';
export type { ProgressPanelProps } from './progress-panel/ProgressPanel';
export { ProgressPanel } from './progress-panel/ProgressPanel';
export type { CourseProviderProps } from './provider/CourseProvider';
export { CourseProvider } from './provider/CourseProvider';
export { useNavigate } from './provider/navigation';
export type { Route } from './provider/routes';
export { parseRoute } from './provider/routes';
export { useCourseAdapter } from './provider/useCourseAdapter';
export { courseKeys } from './queries/courseKeys';
export type { QuizRunnerProps, QuizRunnerView } from './quiz-runner/QuizRunner';
export { QuizRunner } from './quiz-runner/QuizRunner';
export type { CourseStrings } from './strings/courseStrings';
export { defaultCourseStrings } from './strings/courseStrings';
export { formatString } from './strings/formatString';
export { offlineStrings } from './strings/offlineStrings';
export type { Texts } from './strings/useStrings';
export { useStrings } from './strings/useStrings';
export type { CourseTheme } from './theme/CourseTheme';
export { ROOT_CLASS, vars } from './theme/theme.css';
