// @coursekit/react/progress-panel — ProgressPanel alone, with the provider it needs.

export type { CourseProviderProps } from '../provider/CourseProvider';
export { CourseProvider } from '../provider/CourseProvider';
export type { ProgressPanelProps } from './ProgressPanel';
export { ProgressPanel } from './ProgressPanel';
