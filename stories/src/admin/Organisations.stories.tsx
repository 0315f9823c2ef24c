import type { Organisation } from '@coursekit/core';
import type { AdminBackend } from '@coursekit/mocks';
import { AdminConsole } from '@coursekit/react/admin-console';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { adminScenario, consoleWith } from './adminScenario';

/**
 * The console's Organisations tab: the partners on the platform (name, slug, status, people), the
 * editor with its live theme preview and its choice to issue credentials in its own name, an
 * organisation's trusted token issuers (a shared secret is never shown back) and its people with
 * their roles.
 */
const meta = {
  title: 'Admin/Organisations',
  component: AdminConsole,
  args: { screen: 'console', tab: 'organisations' },
} satisfies Meta<typeof AdminConsole>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
/** The demo organisations: Acme Facilities (active, an issuer, three people) and Bravo Works (suspended, empty). */
const demo = () => adminScenario(consoleWith({ organisations: 'demo' }));
const unavailable = () =>
  HttpResponse.json(
    { error: { code: 'unavailable', message: 'Database connection failed. Please try again later.' } },
    { status: 503 },
  );

/** Opens one organisation from the list. */
async function manage(canvasElement: HTMLElement, name: string) {
  await userEvent.click(await page(canvasElement).findByRole('button', { name: `Manage ${name}` }));
}

/** The list: each organisation with its slug, status and people. */
export const List: Story = { parameters: demo() };

/** No organisation yet: the list says what one is for. */
export const ListEmpty: Story = { parameters: adminScenario('admin-console') };

/** The list while the server has not answered. */
export const ListLoading: Story = {
  parameters: adminScenario(consoleWith({ organisations: 'demo' }), {
    handlers: [http.get('/api/admin/organisations', () => delay('infinite'))],
  }),
};

/** The list when the server fails: its message and Try Again. */
export const ListError: Story = {
  parameters: adminScenario(consoleWith({ organisations: 'demo' }), {
    handlers: [http.get('/api/admin/organisations', unavailable)],
  }),
};

/** A new organisation: the editor, its preview taking the colours as they are typed. */
export const Editor: Story = {
  parameters: demo(),
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'New Organisation' }));
    const editor = within(await body.findByRole('region', { name: 'New Organisation' }));
    await userEvent.type(editor.getByLabelText('Name'), 'Cobalt Care');
    await userEvent.type(editor.getByLabelText('Brand colour'), '#7c2d12');
    await expect(editor.getByTestId('theme-preview-button').style.background).toBe('rgb(124, 45, 18)');
  },
};

/** A refused save: the server's messages at the fields, and everything typed still there. */
export const EditorRefused: Story = {
  parameters: demo(),
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'New Organisation' }));
    const editor = within(await body.findByRole('region', { name: 'New Organisation' }));
    await userEvent.type(editor.getByLabelText('Name'), 'Cobalt Care');
    await userEvent.type(editor.getByLabelText(/^Slug/), 'Cobalt Care');
    await userEvent.type(editor.getByLabelText('Brand colour'), 'teal');
    await userEvent.click(editor.getByRole('button', { name: 'Save Organisation' }));
    await expect(await editor.findByText('A colour like #0b6e4f')).toBeInTheDocument();
  },
};

/** Acme's facts in the editor, its issuers and its people. */
export const Issuers: Story = {
  parameters: demo(),
  play: async ({ canvasElement }) => {
    await manage(canvasElement, 'Acme Facilities');
    const issuers = within(await page(canvasElement).findByRole('region', { name: 'Trusted Token Issuers' }));
    await expect(await issuers.findByText('https://login.acme.example')).toBeInTheDocument();
  },
};

/** A suspended organisation without issuers or people: both say so. */
export const IssuersEmpty: Story = {
  parameters: demo(),
  play: async ({ canvasElement }) => {
    await manage(canvasElement, 'Bravo Works');
    await expect(await page(canvasElement).findByText(/No trusted issuers/)).toBeInTheDocument();
  },
};

/** An issuer with a shared secret just added: the list says a secret is stored, never what it is. */
export const IssuerAdded: Story = {
  parameters: demo(),
  play: async ({ canvasElement }) => {
    await manage(canvasElement, 'Acme Facilities');
    const issuers = within(await page(canvasElement).findByRole('region', { name: 'Trusted Token Issuers' }));
    await userEvent.type(issuers.getByLabelText('Issuer (the tokens’ iss)'), 'https://sso.acme.example');
    await userEvent.type(issuers.getByLabelText('Audience (the tokens’ aud)'), 'coursekit');
    await userEvent.click(issuers.getByRole('radio', { name: 'Shared secret' }));
    await userEvent.type(
      issuers.getByLabelText(/^Shared secret \(at least/),
      'acme-shared-secret-of-at-least-32-characters',
    );
    await userEvent.click(issuers.getByRole('button', { name: 'Add Issuer' }));
    await expect(await issuers.findByText('Shared secret (stored encrypted)')).toBeInTheDocument();
  },
};

/** Acme's people, managers first, each role changeable in place. */
export const Members: Story = {
  parameters: demo(),
  play: async ({ canvasElement }) => {
    await manage(canvasElement, 'Acme Facilities');
    const people = within(await page(canvasElement).findByRole('region', { name: 'People' }));
    await expect((await people.findAllByRole('combobox')).length).toBe(3);
  },
};

/** An organisation nobody is in yet. */
export const MembersEmpty: Story = {
  parameters: demo(),
  play: async ({ canvasElement }) => {
    await manage(canvasElement, 'Bravo Works');
    await expect(
      await page(canvasElement).findByText('Nobody is in this organisation yet.'),
    ).toBeInTheDocument();
  },
};

/** The people while the server has not answered. */
export const MembersLoading: Story = {
  parameters: adminScenario(consoleWith({ organisations: 'demo' }), {
    handlers: [http.get('/api/admin/organisations/:organisationId/members', () => delay('infinite'))],
  }),
  play: async ({ canvasElement }) => manage(canvasElement, 'Acme Facilities'),
};

/** The people when the server fails. */
export const MembersError: Story = {
  parameters: adminScenario(consoleWith({ organisations: 'demo' }), {
    handlers: [http.get('/api/admin/organisations/:organisationId/members', unavailable)],
  }),
  play: async ({ canvasElement }) => {
    await manage(canvasElement, 'Acme Facilities');
    await expect(await page(canvasElement).findByText('Could not load the people')).toBeInTheDocument();
  },
};

/**
 * The demo world with Acme as the API shows it once its first credential is signed in its own name
 * (the memory store signs none): issuing as its DID, or, `stopped`, turned off after issuing.
 */
function issuingWorld(stopped: boolean) {
  let backend: AdminBackend | undefined;
  const issuing = (o: Organisation): Organisation =>
    o.slug !== 'acme-facilities'
      ? o
      : {
          ...o,
          issues_credentials: !stopped,
          credential_issuer: {
            did: 'did:web:learn.example.org:o:acme-facilities',
            did_document_url: 'https://learn.example.org/o/acme-facilities/did.json',
            status_list_url:
              'https://learn.example.org/api/credentials/organisations/acme-facilities/status/1',
            keys: 2,
            credentials: 41,
          },
        };
  return adminScenario(consoleWith({ organisations: 'demo' }), {
    setup: (admin) => {
      backend = admin;
    },
    handlers: [
      http.get('/api/admin/organisations', () =>
        HttpResponse.json(backend!.organisations.list().map(issuing)),
      ),
      http.get('/api/admin/organisations/:organisationId', ({ params }) =>
        HttpResponse.json(issuing(backend!.organisations.get(String(params.organisationId)))),
      ),
    ],
  });
}

/** The credentials setting of an organisation, by its state. */
async function credentialsSetting(canvasElement: HTMLElement) {
  await manage(canvasElement, 'Acme Facilities');
  const body = page(canvasElement);
  const box = await body.findByRole('checkbox', { name: 'Issue its people’s credentials in its own name' });
  return { body, box };
}

/** Off, as every organisation starts: the platform issues its people's credentials. */
export const CredentialsPlatform: Story = {
  parameters: demo(),
  play: async ({ canvasElement }) => {
    const { body, box } = await credentialsSetting(canvasElement);
    await expect(box).not.toBeChecked();
    await expect(body.getByText('Its people’s credentials are issued by the platform.')).toBeInTheDocument();
  },
};

/** Turned on and saved: its key and DID come with its first credential. */
export const CredentialsTurnedOn: Story = {
  parameters: demo(),
  play: async ({ canvasElement }) => {
    const { body, box } = await credentialsSetting(canvasElement);
    await userEvent.click(box);
    await userEvent.click(body.getByRole('button', { name: 'Save Organisation' }));
    await expect(
      await body.findByText(/Its key and DID are made when the first credential/),
    ).toBeInTheDocument();
  },
};

/** Issuing as its DID: its documents, its counts, and its slug no longer editable. */
export const CredentialsIssuing: Story = {
  parameters: issuingWorld(false),
  play: async ({ canvasElement }) => {
    const { body, box } = await credentialsSetting(canvasElement);
    await expect(box).toBeChecked();
    await expect(
      body.getByText(/Issuing as did:web:learn.example.org:o:acme-facilities/),
    ).toBeInTheDocument();
    await expect(body.getByLabelText(/^Slug/)).toHaveAttribute('readonly');
  },
};

/** Turned off after issuing: new credentials are the platform's, its own keep verifying. */
export const CredentialsStopped: Story = {
  parameters: issuingWorld(true),
  play: async ({ canvasElement }) => {
    const { body, box } = await credentialsSetting(canvasElement);
    await expect(box).not.toBeChecked();
    await expect(body.getByText(/The 41 credentials it issued as .* keep verifying/)).toBeInTheDocument();
  },
};
