import { ltiMessages, registrationProblems } from '@coursekit/core';
import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import {
  adminBackend,
  createHandlers,
  createMemoryStore,
  DEMO_ADMIN,
  scenarioOptions,
} from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/expectNoAxeViolations';
import { renderWidget } from '../test/renderWidget';
import { AdminConsole } from './AdminConsole';

// The console's LTI tab on core's HTTP admin adapter, answered by the mocks' MSW handlers over a
// memory store (which checks registrations as the API does, with core's registrationProblems).

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const base = () => new URL('/api', window.location.origin).href;

/** The console on its LTI tab, over MSW: the demo platforms (Canvas, and Moodle linked to Acme) or none. */
function openLti({ demo = true } = {}) {
  const store = createMemoryStore({
    ...scenarioOptions['admin-console'],
    admin: { users: 'console', organisations: 'demo', ...(demo ? { lti: 'demo' as const } : {}) },
  });
  server.use(...createHandlers(store, { baseUrl: base() }));
  const adapter = withHttpAdmin(
    createHttpAdapter({ baseUrl: base(), getAccessToken: () => DEMO_ADMIN.accessToken }),
  );
  const view = renderWidget(<AdminConsole tab="lti" />, { adapter, onNavigate: vi.fn() });
  return { ...view, lti: adminBackend(store).lti };
}

const listRegion = () => screen.findByRole('region', { name: 'LTI Platforms' }, { timeout: 10_000 });
const rowsOf = async () => (await within(await listRegion()).findAllByRole('row')).map((r) => r.textContent);

describe('Admin console: LTI', { timeout: 60_000 }, () => {
  it('lists the platforms with their deployments and organisation, and the tool’s URLs to copy', async () => {
    const { user } = openLti();
    expect(await rowsOf()).toEqual([
      'IssuerClient IDDeploymentsOrganisationActions',
      'https://canvas.instructure.com10000000000001' +
        '1:7c4b1a2e2:9f0d3e61 learned at launchNew deployments are accepted at their first launch.' +
        '—EditRemove',
      'https://moodle.acme.examplexJ4o2v7Q' +
        '3Only the listed deployments may launch.' +
        'Acme FacilitiesEditRemove',
    ]);

    const tool = screen.getByRole('region', { name: 'This Tool’s Details for the LMS' });
    const origin = window.location.origin;
    expect(tool.textContent).toContain(`${origin}/api/lti/login`);
    expect(tool.textContent).toContain(`${origin}/api/lti/launch`);
    expect(tool.textContent).toContain(`${origin}/api/lti/jwks`);
    await user.click(within(tool).getByRole('button', { name: 'Copy the public keyset (JWKS) URL' }));
    expect(await navigator.clipboard.readText()).toBe(`${origin}/api/lti/jwks`);
    expect(await screen.findByText('The public keyset (JWKS) URL is on the clipboard.')).toBeTruthy();
    await user.click(within(tool).getByRole('button', { name: 'Copy the login initiation URL' }));
    expect(await navigator.clipboard.readText()).toBe(`${origin}/api/lti/login`);
    await expectNoAxeViolations();
  });

  it('makes a registration link for an organisation, valid a day, to copy for the LMS', async () => {
    const { user } = openLti();
    const section = await screen.findByRole('region', { name: 'Register by URL' });
    await user.selectOptions(await within(section).findByLabelText('Organisation'), 'Acme Facilities');
    await user.click(within(section).getByRole('button', { name: 'Make a Registration Link' }));
    const ready = await within(section).findByRole('status');
    const url = within(ready).getByText(/\/api\/lti\/register\?link=/).textContent!;
    expect(ready.textContent).toMatch(/^Valid until .+, for one registration:/);
    await user.click(within(section).getByRole('button', { name: 'Copy the registration link' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    await expectNoAxeViolations();
  });

  it('says so when no platform is registered', async () => {
    openLti({ demo: false });
    expect(await within(await listRegion()).findByText(/No platforms registered yet/)).toBeTruthy();
  });

  it('shows the server’s failure with Try Again', async () => {
    openLti();
    server.use(
      http.get(`${base()}/admin/lti/registrations`, () =>
        HttpResponse.json(
          { error: { code: 'unavailable', message: 'Database connection failed. Please try again later.' } },
          { status: 503 },
        ),
      ),
    );
    const list = await listRegion();
    expect(await within(list).findByText('Could not load the LTI platforms')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('adds a platform: a refused URL is marked at its field with the server’s words, everything typed kept', async () => {
    const { user, lti } = openLti({ demo: false });
    await user.click(within(await listRegion()).getByRole('button', { name: 'Add Platform' }));
    const editor = await screen.findByRole('region', { name: 'Add an LTI Platform' });
    const field = (label: string) => within(editor).getByLabelText(label) as HTMLInputElement;
    await user.type(field('Issuer'), 'https://brightspace.example');
    await user.type(field('Client ID'), 'd2l-tool');
    await user.type(field('Authentication request URL'), 'https://brightspace.example/d2l/lti/authenticate');
    await user.type(field('Access token URL'), 'https://auth.brightspace.com/core/connect/token');
    await user.type(field('Platform keys (JWKS) URL'), 'http://brightspace.example/d2l/.well-known/jwks');
    await user.type(field('Deployment IDs (one per line)'), 'dep-1{Enter}dep-2');
    await user.click(within(editor).getByRole('switch', { name: 'Accept new deployments' }));
    await user.click(within(editor).getByRole('button', { name: 'Save Platform' }));

    const jwks = field('Platform keys (JWKS) URL');
    await waitFor(() => expect(jwks.getAttribute('aria-invalid')).toBe('true'));
    const message = registrationProblems({ jwks_url: jwks.value }).jwks_url!;
    expect(
      document.getElementById(jwks.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent,
    ).toBe(message);
    expect(field('Issuer').getAttribute('aria-invalid')).toBe('false');
    expect(field('Client ID').value).toBe('d2l-tool');
    expect(lti.list()).toEqual([]);

    await user.clear(jwks);
    await user.type(jwks, 'https://brightspace.example/d2l/.well-known/jwks');
    await user.click(within(editor).getByRole('button', { name: 'Save Platform' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Add an LTI Platform' })).toBeNull());
    expect(lti.list()).toMatchObject([
      {
        issuer: 'https://brightspace.example',
        client_id: 'd2l-tool',
        jwks_url: 'https://brightspace.example/d2l/.well-known/jwks',
        deployments: [
          { deployment_id: 'dep-1', learned_at_launch: false },
          { deployment_id: 'dep-2', learned_at_launch: false },
        ],
        accept_new_deployments: false,
        organisation_id: null,
      },
    ]);
    expect((await rowsOf())[1]).toContain('https://brightspace.exampled2l-tool');
  });

  it('edits a platform: a taken client id is said at the field; learned deployments keep their mark', async () => {
    const { user, lti } = openLti();
    const moodle = lti.list()[1]!;
    lti.create({
      issuer: moodle.issuer,
      client_id: 'taken-id',
      auth_login_url: moodle.auth_login_url,
      token_url: moodle.token_url,
      jwks_url: moodle.jwks_url,
    });
    await user.click(
      await within(await listRegion()).findByRole('button', {
        name: 'Edit https://canvas.instructure.com (10000000000001)',
      }),
    );
    const editor = await screen.findByRole('region', { name: 'Edit https://canvas.instructure.com' });
    const accept = within(editor).getByRole('switch', { name: 'Accept new deployments' });
    expect((accept as HTMLInputElement).checked).toBe(true);
    await user.click(accept);
    const organisation = within(editor).getByLabelText('Organisation');
    await user.selectOptions(organisation, 'Acme Facilities');
    const clientId = within(editor).getByLabelText('Client ID');
    await user.clear(clientId);
    await user.type(clientId, 'changed-id');
    await user.click(within(editor).getByRole('button', { name: 'Save Platform' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Edit / })).toBeNull());

    const canvas = lti.list()[0]!;
    expect(canvas).toMatchObject({
      client_id: 'changed-id',
      accept_new_deployments: false,
      organisation_id: moodle.organisation_id,
      deployments: [
        { deployment_id: '1:7c4b1a2e', learned_at_launch: false },
        { deployment_id: '2:9f0d3e61', learned_at_launch: true },
      ],
    });
    expect((await rowsOf())[1]).toContain('changed-id');

    // Moodle's issuer already has a registration with client id taken-id: the API's conflict, at the field.
    await user.click(
      await within(await listRegion()).findByRole('button', {
        name: 'Edit https://moodle.acme.example (xJ4o2v7Q)',
      }),
    );
    const second = await screen.findByRole('region', { name: 'Edit https://moodle.acme.example' });
    const id = within(second).getByLabelText('Client ID');
    await user.clear(id);
    await user.type(id, 'taken-id');
    await user.click(within(second).getByRole('button', { name: 'Save Platform' }));
    await waitFor(() => expect(id.getAttribute('aria-invalid')).toBe('true'));
    expect(within(second).getAllByText(ltiMessages.registrationTaken).length).toBeGreaterThan(0);
    expect(lti.list()[1]!.client_id).toBe('xJ4o2v7Q');
    await expectNoAxeViolations();
  });

  it('removes a platform only after a confirmation', async () => {
    const { user, lti } = openLti();
    const remove = await within(await listRegion()).findByRole('button', {
      name: 'Remove https://canvas.instructure.com (10000000000001)',
    });
    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Remove https://canvas.instructure.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lti.list()).toHaveLength(2);

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Remove https://canvas.instructure.com?' });
    expect(within(dialog).getByText(/launches are refused from now on/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lti.list().map((r) => r.issuer)).toEqual(['https://moodle.acme.example']);
    await waitFor(async () => expect(await rowsOf()).toHaveLength(2));
  });

  it('rotates the tool’s key after a confirmation that says old launches keep verifying', async () => {
    const { user, lti } = openLti();
    await listRegion();
    await user.click(screen.getByRole('button', { name: 'Rotate the Tool’s Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the tool’s key?' });
    expect(within(dialog).getByText(/keep verifying/)).toBeTruthy();
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Rotate the Tool’s Key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The backend's next rotation shows what the console's did: its new key is now the previous one.
    const next = lti.rotateKey();
    expect(await screen.findByText(new RegExp(`Key ${next.previous} signs now`))).toBeTruthy();
  });
});
