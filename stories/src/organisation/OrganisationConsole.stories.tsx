import type { OrganisationAdapter } from '@coursekit/core';
import { OrganisationConsole, type OrganisationConsoleTab } from '@coursekit/react/organisation';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type OrganisationState, organisationWorld } from './organisationWorld';

/** The managers' console: each tab empty, loading, failing and filled. */
const meta = {
  title: 'Organisation/Console',
  component: OrganisationConsole,
  render: (args, { parameters }) => (
    <OrganisationConsole {...args} adapter={parameters.organisation as OrganisationAdapter} />
  ),
} satisfies Meta<typeof OrganisationConsole>;
export default meta;
type Story = StoryObj<typeof meta>;

const story = (tab: OrganisationConsoleTab, state: OrganisationState): Story => ({
  args: { tab, title: 'Acme Facilities', adapter: undefined as never },
  parameters: organisationWorld(state),
});

/** Nobody in the organisation yet: the invite forms and "Nobody is in the organisation yet". */
export const PeopleEmpty = story('people', 'empty');
export const PeopleLoading = story('people', 'loading');
/** The server fails: Something went wrong, with Try Again. */
export const PeopleError = story('people', 'error');
/** A manager and three learners, one in a group. */
export const PeopleFilled = story('people', 'filled');

export const GroupsEmpty = story('groups', 'empty');
export const GroupsLoading = story('groups', 'loading');
export const GroupsError = story('groups', 'error');
/** The Night shift group with two members. */
export const GroupsFilled = story('groups', 'filled');

export const AssignmentsEmpty = story('assignments', 'empty');
export const AssignmentsLoading = story('assignments', 'loading');
export const AssignmentsError = story('assignments', 'error');
/** A course assigned to a group and a person with due dates, another to a person without one. */
export const AssignmentsFilled = story('assignments', 'filled');

export const ReportEmpty = story('report', 'empty');
export const ReportLoading = story('report', 'loading');
export const ReportError = story('report', 'error');
/** Completed, in progress and overdue rows, and the completions chart. */
export const ReportFilled = story('report', 'filled');

/** No identity provider: its people sign in with passwords; nothing to change here. */
export const SignInEmpty = story('sign-in', 'empty');
export const SignInLoading = story('sign-in', 'loading');
export const SignInError = story('sign-in', 'error');
/** Acme's identity provider, read only: its issuer, its two domains, enabled. */
export const SignInFilled = story('sign-in', 'filled');
