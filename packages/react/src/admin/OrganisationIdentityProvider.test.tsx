import { createMemoryAdapter, createMemoryStore, scenarioOptions } from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/expectNoAxeViolations';
import { renderWidget } from '../test/renderWidget';
import { AdminConsole } from './AdminConsole';

const SECRET = 'the-client-secret-of-acme';

/** The console on its Organisations tab, one organisation's editor open, on the demo organisations. */
async function openAcme() {
  const adapter = createMemoryAdapter(
    createMemoryStore({
      ...scenarioOptions['admin-console'],
      admin: { users: 'console', organisations: 'demo' },
    }),
  );
  const view = renderWidget(<AdminConsole tab="organisations" />, { adapter, onNavigate: vi.fn() });
  const list = await screen.findByRole('region', { name: 'Organisations' }, { timeout: 10_000 });
  await view.user.click(await within(list).findByRole('button', { name: 'Manage Acme Facilities' }));
  const part = await screen.findByRole('region', { name: 'Identity provider' });
  const acme = (await adapter.admin!.organisations!.list()).find((o) => o.slug === 'acme-facilities')!;
  return { ...view, part, organisations: adapter.admin!.organisations!, acmeId: acme.id };
}

describe('Admin console: an organisation’s identity provider', { timeout: 60_000 }, () => {
  it('adds one whose client secret is never shown back, disables it, and removes it after a confirmation', async () => {
    const { user, part, organisations, acmeId } = await openAcme();
    expect(await within(part).findByText(/No identity provider/)).toBeTruthy();
    await user.type(within(part).getByLabelText('Issuer URL (https)'), 'https://login.acme.test');
    await user.type(within(part).getByLabelText('Client id'), 'coursekit');
    await user.type(within(part).getByLabelText(/^E-mail domains/), 'acme.test, @Acme.org');
    await user.click(within(part).getByRole('button', { name: 'Save Identity Provider' }));
    // No secret the first time: said at the secret, everything typed still there.
    const secret = within(part).getByLabelText('Client secret');
    await waitFor(() => expect(secret.getAttribute('aria-invalid')).toBe('true'));
    expect((within(part).getByLabelText('Client id') as HTMLInputElement).value).toBe('coursekit');

    await user.type(secret, SECRET);
    await user.click(within(part).getByRole('button', { name: 'Save Identity Provider' }));
    const kept = await within(part).findByLabelText(/leave empty to keep it/);
    expect((kept as HTMLInputElement).value).toBe('');
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(await organisations.identityProvider(acmeId)).toMatchObject({
      identity_provider: {
        issuer: 'https://login.acme.test',
        client_id: 'coursekit',
        has_secret: true,
        domains: ['acme.test', 'acme.org'],
        enabled: true,
      },
    });

    await user.click(within(part).getByRole('checkbox', { name: /^Enabled/ }));
    await user.click(within(part).getByRole('button', { name: 'Save Identity Provider' }));
    await waitFor(async () =>
      expect((await organisations.identityProvider(acmeId)).identity_provider?.enabled).toBe(false),
    );
    await expectNoAxeViolations();

    await user.click(within(part).getByRole('button', { name: 'Remove Identity Provider' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Remove the identity provider of Acme Facilities?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(part).findByText(/No identity provider/)).toBeTruthy();
    expect(await organisations.identityProvider(acmeId)).toEqual({ identity_provider: null });
  });
});
