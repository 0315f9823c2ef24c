import { AdminConsole } from '@coursekit/react/admin-console';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { adminScenario, consoleWith } from './adminScenario';

/**
 * The console's LTI tab: the LMS platforms registered with the tool (issuer, client id, deployments
 * given or learned at launch, organisation), the editor with the server's words at each field, the
 * tool's own URLs to copy into an LMS, and rotating the tool's signing key.
 */
const meta = {
  title: 'Admin/LTI',
  component: AdminConsole,
  args: { screen: 'console', tab: 'lti' },
} satisfies Meta<typeof AdminConsole>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
/** The demo platforms: a Canvas (one deployment learned at a launch) and a Moodle linked to Acme Facilities. */
const demo = () => adminScenario(consoleWith({ organisations: 'demo', lti: 'demo' }));
const unavailable = () =>
  HttpResponse.json(
    { error: { code: 'unavailable', message: 'Database connection failed. Please try again later.' } },
    { status: 503 },
  );

/** The list, the tool's URLs and the key. */
export const List: Story = { parameters: demo() };

/** No platform yet: the list says what to register one with. */
export const ListEmpty: Story = { parameters: adminScenario('admin-console') };

/** The list while the server has not answered. */
export const ListLoading: Story = {
  parameters: adminScenario(consoleWith({ lti: 'demo' }), {
    handlers: [http.get('/api/admin/lti/registrations', () => delay('infinite'))],
  }),
};

/** The list when the server fails: its message and Try Again. */
export const ListError: Story = {
  parameters: adminScenario(consoleWith({ lti: 'demo' }), {
    handlers: [http.get('/api/admin/lti/registrations', unavailable)],
  }),
};

/** A refused registration: the server's message at the JWKS URL, everything typed still there. */
export const EditorRefused: Story = {
  parameters: demo(),
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Add Platform' }));
    const editor = within(await body.findByRole('region', { name: 'Add an LTI Platform' }));
    await userEvent.type(editor.getByLabelText('Issuer'), 'https://brightspace.example');
    await userEvent.type(editor.getByLabelText('Client ID'), 'd2l-tool');
    await userEvent.type(
      editor.getByLabelText('Authentication request URL'),
      'https://brightspace.example/auth',
    );
    await userEvent.type(editor.getByLabelText('Access token URL'), 'https://brightspace.example/token');
    await userEvent.type(
      editor.getByLabelText('Platform keys (JWKS) URL'),
      'http://brightspace.example/jwks',
    );
    await userEvent.click(editor.getByRole('button', { name: 'Save Platform' }));
    await expect(
      (await editor.findAllByText('Must be an https URL (http only on 127.0.0.1 or localhost)')).length,
    ).toBeGreaterThan(0);
  },
};

/** The key rotation's confirmation: old launches keep verifying while platforms fetch the new key. */
export const RotateKey: Story = {
  parameters: demo(),
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Rotate the Tool’s Key' }));
    await expect(await body.findByRole('dialog', { name: 'Rotate the tool’s key?' })).toBeInTheDocument();
  },
};
