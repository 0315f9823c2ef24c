// @coursekit/react/quiz-runner — QuizRunner alone, with the provider it needs.

export type { CourseProviderProps } from '../provider/CourseProvider';
export { CourseProvider } from '../provider/CourseProvider';
export type { QuizRunnerProps } from './QuizRunner';
export { QuizRunner } from './QuizRunner';
