import { withTestOut } from '@coursekit/mocks';
import { ProgressPanel } from '@coursekit/react/progress-panel';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { scenario } from './withCourse';

const meta = {
  title: 'Widgets/ProgressPanel',
  component: ProgressPanel,
} satisfies Meta<typeof ProgressPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Not started: Start Learning, Start Module, later modules locked. */
export const NotStarted: Story = { parameters: scenario('new-learner') };
/** In progress: Continue, a locked row, Reset on started modules. */
export const InProgress: Story = { parameters: scenario('mid-course') };
/** A module just completed: Next Module. */
export const ModuleJustCompleted: Story = { parameters: scenario('module-just-completed') };
/**
 * Test-out on (a course setting): module 1 read, the pre-assessment's questions on modules 1 and 3
 * right. Module 3 says "Tested out" with 0 of its lessons and leads on to module 4.
 */
export const TestedOut: Story = {
  parameters: scenario(
    { completed: { 1: 5 }, attempts: [{ quiz: 'pre_assessment', correct: 2 }] },
    { hostRoutes: true },
    withTestOut(),
  ),
};
/** Every lesson done, quiz not passed: Take Quiz on the last module. */
export const QuizNotPassed: Story = { parameters: scenario('course-finished-no-quiz-passed') };
/** Complete: badge, congratulations, Review Course / Reset Course. */
export const Complete: Story = { parameters: scenario('course-complete') };
/** No quizzes in the course. */
export const NoQuizzes: Story = { parameters: scenario('no-quizzes') };
/** Loading skeleton. */
export const Loading: Story = { parameters: scenario('slow-network') };
/** The server fails. */
export const ServerError: Story = { parameters: scenario('server-failing') };
/** Signed out: 'Please sign in to view your progress.' */
export const SignedOut: Story = {
  parameters: scenario('new-learner', { hostRoutes: true, signedOut: true }),
};
