import { AdminConsole } from '@coursekit/react/admin-console';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { adminScenario, consoleWith } from './adminScenario';

const meta = {
  title: 'Admin/AdminConsole',
  component: AdminConsole,
  args: { screen: 'console' },
} satisfies Meta<typeof AdminConsole>;
export default meta;
type Story = StoryObj<typeof meta>;
type Play = NonNullable<Story['play']>;

/** Dialogs and toasts render outside the story's canvas, so plays look at the whole page. */
const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Clicks a button once the users table has loaded. */
const clickInTable =
  (name: string | RegExp, then?: Play): Play =>
  async (context) => {
    const body = page(context.canvasElement);
    await userEvent.click(await body.findByRole('button', { name }));
    await then?.(context);
  };

// --- User Management -----------------------------------------------------------------------------

/** The console on User Management: summary cards, search, Create User and ~25 users in varied states. */
export const Users: Story = { parameters: adminScenario('admin-console') };

/** The users sorted by the last word of their names (one click on User Details; again for descending). */
export const UsersSortedByLastName: Story = {
  parameters: adminScenario('admin-console'),
  play: clickInTable(/^User Details/, async ({ canvasElement }) => {
    const header = await page(canvasElement).findByRole('columnheader', { name: /User Details/ });
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
  }),
};

/** A search that matches nobody: 'No users found matching your search.' */
export const UsersEmptySearch: Story = {
  parameters: adminScenario('admin-console'),
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.type(await body.findByRole('searchbox', { name: 'Search users' }), 'nobody-by-this-name');
    await expect(await body.findByText('No users found matching your search.')).toBeInTheDocument();
  },
};

/** An empty users table: 'No users found.' */
export const UsersNone: Story = {
  parameters: adminScenario('admin-empty', {
    handlers: [
      http.get('/api/admin/users', ({ request }) => {
        const url = new URL(request.url);
        const page = Number(url.searchParams.get('page') ?? 1);
        return HttpResponse.json({ items: [], total: 0, page, pageSize: 25 });
      }),
    ],
  }),
};

/** 10,000 users: the server pages, searches and sorts, so the table stays quick. */
export const UsersLarge: Story = { parameters: adminScenario('admin-large') };

/** Every admin call still on its way: the cards and the table loading. */
export const UsersLoading: Story = { parameters: adminScenario(consoleWith({ latencyMs: 1_000_000 })) };

/** The admin side failing: 'Failed to load dashboard data', and the lists stay empty (admin §8). */
export const DashboardFailing: Story = { parameters: adminScenario('admin-failing') };

/** Removing a role fails: the 'Error' / 'Failed to remove role' toast. */
export const RoleRemoveFailed: Story = {
  parameters: adminScenario(consoleWith({ failing: 'writes' })),
  play: clickInTable(/^user role: remove it from Tom Becker$/, async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('Failed to remove role')).toBeInTheDocument();
  }),
};

/** Sending a password reset fails: the 'Reset Failed' toast. */
export const PasswordResetFailed: Story = {
  parameters: adminScenario(consoleWith({ failing: 'writes' })),
  play: clickInTable(/^Reset Password for Tom Becker$/, async ({ canvasElement }) => {
    await expect(
      await page(canvasElement).findByText('Failed to send password reset email'),
    ).toBeInTheDocument();
  }),
};

/** The User Details dialog, viewing. */
export const UserDetails: Story = {
  parameters: adminScenario('admin-console'),
  play: clickInTable(/^Details for Lena Novak$/, async ({ canvasElement }) => {
    const dialog = await page(canvasElement).findByRole('dialog');
    await expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  }),
};

/** The User Details dialog, editing. */
export const UserDetailsEditing: Story = {
  parameters: adminScenario('admin-console'),
  play: clickInTable(/^Details for Lena Novak$/, async ({ canvasElement }) => {
    const dialog = await page(canvasElement).findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await expect(await within(dialog).findByRole('button', { name: /^Save/ })).toBeInTheDocument();
  }),
};

/** The Create New User dialog: send invite on, role user ticked. */
export const CreateUser: Story = {
  parameters: adminScenario('admin-console'),
  play: clickInTable('Create User', async ({ canvasElement }) => {
    const dialog = await page(canvasElement).findByRole('dialog', { name: 'Create New User' });
    await expect(dialog).toBeInTheDocument();
  }),
};

/** Create New User with every validation message showing. */
export const CreateUserInvalid: Story = {
  parameters: adminScenario('admin-console'),
  play: clickInTable('Create User', async ({ canvasElement }) => {
    const dialog = within(await page(canvasElement).findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText(/^Email/), 'not-an-address');
    await userEvent.type(dialog.getByLabelText(/^Password/), '12345');
    await userEvent.click(dialog.getByRole('button', { name: 'Create User' }));
    await expect(await dialog.findByText('Please enter a valid email address')).toBeInTheDocument();
    await expect(dialog.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    await expect(dialog.getByText('Display name is required')).toBeInTheDocument();
  }),
};

/** The Delete User Account dialog: five confirmations, the button disabled until all are ticked. */
export const DeleteUser: Story = {
  parameters: adminScenario('admin-console'),
  play: clickInTable(/^Delete Tom Becker$/, async ({ canvasElement }) => {
    const dialog = await page(canvasElement).findByRole('dialog');
    await expect(
      within(dialog).getByText('Please confirm all deletion options above to proceed.'),
    ).toBeInTheDocument();
  }),
};

// --- the other tabs ------------------------------------------------------------------------------

/** The User Progress tab: a description and the way to the progress page. */
export const UserProgressTab: Story = {
  args: { tab: 'progress' },
  parameters: adminScenario('admin-console'),
};

/** Content Management: Load All Modules, Refresh All Images, Module 1 to 5, results, image tools. */
export const ContentTab: Story = { args: { tab: 'content' }, parameters: adminScenario('admin-console') };

/** Stable Tracking: its Overview, with legacy and orphaned records to act on. */
export const TrackingTab: Story = { args: { tab: 'tracking' }, parameters: adminScenario('admin-console') };

/** Analytics: the reports (DESIGN decision 10). */
export const AnalyticsTab: Story = { args: { tab: 'analytics' }, parameters: adminScenario('admin-console') };

/** Analytics with nobody but the admin. */
export const AnalyticsEmpty: Story = { args: { tab: 'analytics' }, parameters: adminScenario('admin-empty') };

// --- the guard -----------------------------------------------------------------------------------

/** A learner signed in: 'Insufficient permissions to access this resource.' and Go to Sign In. */
export const GuardLearner: Story = { parameters: adminScenario('mid-course') };

/** Nobody signed in: 'Session validation failed. Please sign in again.' */
export const GuardSignedOut: Story = {
  parameters: adminScenario('admin-console', { course: { hostRoutes: true, signedOut: true } }),
};
