import { createHttpAdapter, createHttpOrganisation } from '@coursekit/core/http';
import { createMemoryOrganisation, createOrganisationHandlers } from '@coursekit/mocks';
import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../test/expectNoAxeViolations';
import { renderWidget } from '../test/renderWidget';
import { OrganisationConsole } from './OrganisationConsole';

// The console's Sign-in tab on core's HTTP organisation adapter, answered by the mocks' MSW handlers:
// the organisation's identity provider, read only.

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function open(options: Parameters<typeof createMemoryOrganisation>[0]) {
  const base = new URL('/api', window.location.origin).href;
  const organisation = createMemoryOrganisation(options);
  server.use(...createOrganisationHandlers(organisation, { baseUrl: base }));
  const adapter = createHttpOrganisation(
    createHttpAdapter({ baseUrl: base, getAccessToken: () => 'manager-token' }),
    organisation.organisationId,
  );
  return renderWidget(<OrganisationConsole adapter={adapter} title="Acme Facilities" tab="sign-in" />);
}

describe('OrganisationConsole’s Sign-in tab', { timeout: 30_000 }, () => {
  it('shows the identity provider’s issuer, domains and status, with nothing to change', async () => {
    const { container } = open({ scenario: 'filled' });
    const section = (await screen.findByRole('heading', { name: 'Company sign-in' })).closest('section')!;
    await within(section).findByText('https://login.acme.example');
    expect(within(section).getByText('acme.example, acme-facilities.example')).toBeTruthy();
    expect(within(section).getByText('Enabled: people sign in through it')).toBeTruthy();
    expect(within(section).queryAllByRole('button')).toEqual([]);
    expect(within(section).queryAllByRole('textbox')).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it('says when the provider is turned off, and when there is none', async () => {
    const off = open({
      identityProvider: { issuer: 'https://id.bravo.example', domains: ['bravo.example'], enabled: false },
    });
    await screen.findByText('Turned off: people of these domains cannot sign in through it');
    off.unmount();
    open({ scenario: 'empty' });
    await screen.findByText(/^No identity provider: your people sign in with their e-mail and a password/);
  });
});
