import { courseFixture } from '@coursekit/mocks';
import { QuizRunner } from '@coursekit/react/quiz-runner';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { scenario } from './withCourse';

const meta = {
  title: 'Widgets/QuizRunner',
  component: QuizRunner,
} satisfies Meta<typeof QuizRunner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /quizzes before any attempt: Start Quiz. */
export const ListNew: Story = { parameters: scenario('new-learner') };
/** /quizzes with a passed quiz: Passed, Retake Quiz, View Results. */
export const ListPassed: Story = { parameters: scenario('course-complete') };
/** /quizzes with a failed quiz: In Progress, Try Again. */
export const ListFailed: Story = { parameters: scenario('course-finished-no-quiz-passed') };
/** Loading: three skeleton cards. */
export const ListLoading: Story = { parameters: scenario('slow-network') };
/** Empty: 'No Quizzes Available'. */
export const ListEmpty: Story = { parameters: scenario('no-quizzes') };
/** Error. */
export const ListError: Story = { parameters: scenario('server-failing') };
/** Signed out: 'Please sign in to access quizzes.' */
export const ListSignedOut: Story = {
  parameters: scenario('new-learner', { hostRoutes: true, signedOut: true }),
};

/** /assessment: the intro. */
export const AssessmentIntro: Story = { args: { view: 'assessment' }, parameters: scenario('new-learner') };
/** /assessment taking: the first question, an option chosen. */
export const AssessmentTaking: Story = {
  args: { view: 'assessment' },
  parameters: scenario('new-learner'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Start Assessment' }));
    await userEvent.click(await canvas.findByRole('radio', { name: /^A\./ }));
    await expect(canvas.getByRole('button', { name: 'Submit Answer' })).toBeEnabled();
  },
};
/** Answers every pre-assessment question (right ones when `pass`), then submits. */
function answerAssessment(pass: boolean): NonNullable<Story['play']> {
  return async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Start Assessment' }));
    for (const q of courseFixture.preAssessment.questions) {
      const letter = pass ? q.correct_answer : q.correct_answer === 'A' ? 'B' : 'A';
      await userEvent.click(await canvas.findByRole('radio', { name: new RegExp(`^${letter}\\.`) }));
      await userEvent.click(canvas.getByRole('button', { name: 'Submit Answer' }));
      // the 0.5 s advance, or the last question staying put
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Submit Assessment' }));
    await expect(await canvas.findByText(pass ? 'PASSED' : 'NOT PASSED')).toBeInTheDocument();
  };
}
/** /assessment results, passed: Continue to Next Module, no Retake. */
export const AssessmentPassed: Story = {
  args: { view: 'assessment' },
  parameters: scenario('new-learner'),
  play: answerAssessment(true),
};
/** /assessment results, not passed: Retake Quiz and Review Material. */
export const AssessmentFailed: Story = {
  args: { view: 'assessment' },
  parameters: scenario('new-learner'),
  play: answerAssessment(false),
};
/** /assessment signed out. */
export const AssessmentSignedOut: Story = {
  args: { view: 'assessment' },
  parameters: scenario('new-learner', { hostRoutes: true, signedOut: true }),
};

/** /quiz/2: the instructions step, later steps disabled. */
export const CourseQuizInstructions: Story = {
  args: { view: 'quiz', quizId: 2 },
  parameters: scenario('new-learner'),
};
/** /quiz/2: answers Q1 — the lock, right/wrong highlighting and explanation, then the 1.5 s advance to Q2. */
export const CourseQuizAnswering: Story = {
  args: { view: 'quiz', quizId: 2 },
  parameters: scenario('new-learner'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Start Quiz' }));
    await userEvent.click(await canvas.findByRole('radio', { name: /^B\./ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Submit Answer' }));
    await expect(await canvas.findByText(/^(Correct!|Incorrect\.)$/)).toBeInTheDocument();
  },
};

/** Results view of a passed quiz, with the attempt selector. */
export const ResultsPassed: Story = {
  args: { view: 'results', quizId: 2 },
  parameters: scenario('course-complete'),
};
/** Results view of a failed quiz. */
export const ResultsFailed: Story = {
  args: { view: 'results', quizId: 2 },
  parameters: scenario('course-finished-no-quiz-passed'),
};
/** Results view with no attempts: 'No quiz results found.' */
export const ResultsEmpty: Story = {
  args: { view: 'results', quizId: 2 },
  parameters: scenario('new-learner'),
};
