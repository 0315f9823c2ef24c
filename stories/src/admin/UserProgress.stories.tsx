import { AdminConsole } from '@coursekit/react/admin-console';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { adminScenario, consoleWith, userIdOf } from './adminScenario';

/** The admin user-progress page (/admin/user-progress?userId=…). */
const meta = {
  title: 'Admin/User Progress',
  component: AdminConsole,
  args: { screen: 'user-progress' },
} satisfies Meta<typeof AdminConsole>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** A story for one seeded learner of the console world. */
function learner(email: string, world = adminScenario('admin-console')) {
  return { args: { userId: userIdOf(world.store, email) }, parameters: world };
}

/** Opens a quiz card's View All Attempts dialog. */
const openAttempts =
  (quizTitle: RegExp): NonNullable<Story['play']> =>
  async ({ canvasElement }) => {
    const body = page(canvasElement);
    const card = await body.findByRole('listitem', { name: quizTitle });
    await userEvent.click(within(card).getByRole('button', { name: /View All Attempts/ }));
    await expect(await body.findByRole('dialog')).toBeInTheDocument();
  };

/** No selection yet: 'Please select a user from the dropdown above to view their progress.' */
export const Prompt: Story = { args: { userId: null }, parameters: adminScenario('admin-console') };

/** A learner mid-course: modules 1 done and 2 started, a failed course quiz tried three times. */
export const MidCourse: Story = learner('lena.novak@example.com');

/** A learner who finished: Complete, the quiz Passed. */
export const Finished: Story = learner('samuel.okafor@example.com');

/** A learner who never started: no Reset All Progress, 'Not attempted', later modules locked. */
export const NotStarted: Story = learner('olivia.brown@example.com');

/** The attempts dialog: 'Quiz Attempts - {title}', the newest numbered highest. */
export const AttemptsDialog: Story = { ...learner('lena.novak@example.com'), play: openAttempts(/Final/i) };

/** The attempts dialog of a quiz never tried: 'No attempts found for this quiz.' */
export const AttemptsEmpty: Story = { ...learner('olivia.brown@example.com'), play: openAttempts(/Final/i) };

/** A course without quizzes: 'No quizzes found.' */
export const NoQuizzes: Story = learner(
  'lena.novak@example.com',
  adminScenario(consoleWith({}, { noQuizzes: true })),
);

/** Resetting a quiz fails: the 'Reset Failed' toast. */
export const ResetQuizFailed: Story = {
  ...learner('lena.novak@example.com', adminScenario(consoleWith({ failing: 'writes' }))),
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const card = await body.findByRole('listitem', { name: /Final/i });
    await userEvent.click(within(card).getByRole('button', { name: 'Reset Quiz' }));
    const dialog = await body.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Quiz' }));
    await expect(await body.findByText('Reset Failed')).toBeInTheDocument();
  },
};

/** The learner's data still loading. */
export const ProgressLoading: Story = learner(
  'lena.novak@example.com',
  adminScenario(consoleWith({ latencyMs: 1_000_000 })),
);

/** A learner signed in: the guard, never admin data. */
export const GuardLearner: Story = { args: { userId: null }, parameters: adminScenario('mid-course') };
