import type { OrganisationAdapter } from '@coursekit/core';
import { OrganisationReport } from '@coursekit/react/organisation';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type OrganisationState, organisationWorld } from './organisationWorld';

/** The report alone, as a partner embeds it in its intranet for its managers. */
const meta = {
  title: 'Organisation/Report',
  component: OrganisationReport,
  render: (_args, { parameters }) => (
    <OrganisationReport adapter={parameters.organisation as OrganisationAdapter} />
  ),
} satisfies Meta<typeof OrganisationReport>;
export default meta;
type Story = StoryObj<typeof meta>;

const story = (state: OrganisationState): Story => ({
  args: { adapter: undefined as never },
  parameters: organisationWorld(state),
});

/** No course assigned yet. */
export const Empty = story('empty');
export const Loading = story('loading');
export const ServerError = story('error');
/** Every status, dates, scores, the chart and its table. */
export const Filled = story('filled');
