import { CourseError, organisationSlugTaken } from '@coursekit/core';
import { createMemoryAdapter, createMemoryStore, scenarioOptions } from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/expectNoAxeViolations';
import { renderWidget } from '../test/renderWidget';
import { AdminConsole } from './AdminConsole';

const SECRET = 'acme-shared-secret-of-at-least-32-characters';

/** The console on its Organisations tab, on a memory store with the demo organisations (or none). */
function openOrganisations({ demo = true } = {}) {
  const adapter = createMemoryAdapter(
    createMemoryStore({
      ...scenarioOptions['admin-console'],
      admin: { users: 'console', ...(demo ? { organisations: 'demo' as const } : {}) },
    }),
  );
  const view = renderWidget(<AdminConsole tab="organisations" />, { adapter, onNavigate: vi.fn() });
  return { ...view, organisations: adapter.admin!.organisations! };
}

const listRegion = () => screen.findByRole('region', { name: 'Organisations' }, { timeout: 10_000 });

describe('Admin console: Organisations', { timeout: 60_000 }, () => {
  it('lists the organisations with slug, status and people', async () => {
    openOrganisations();
    const list = await listRegion();
    const rows = await within(list).findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'NameSlugStatusPeopleActions',
      'Acme Facilitiesacme-facilitiesActive3Manage',
      'Bravo Worksbravo-worksSuspended0Manage',
    ]);
    await expectNoAxeViolations();
  });

  it('says so when there are none', async () => {
    openOrganisations({ demo: false });
    const list = await listRegion();
    expect(await within(list).findByText(/No organisations yet/)).toBeTruthy();
  });

  it('creates an organisation with origins, a theme and a seat limit; a refused field keeps what was typed', async () => {
    const { user, organisations } = openOrganisations();
    await user.click(within(await listRegion()).getByRole('button', { name: 'New Organisation' }));
    const editor = await screen.findByRole('region', { name: 'New Organisation' });
    await user.type(within(editor).getByLabelText('Name'), 'Cobalt Care');
    await user.type(within(editor).getByLabelText(/^Slug/), 'acme-facilities');
    await user.type(within(editor).getByLabelText(/^Allowed embed origins/), 'https://intranet.cobalt.test');
    await user.type(within(editor).getByLabelText('Brand colour'), 'teal');
    await user.type(within(editor).getByLabelText('Seat limit (empty: no limit)'), '20');
    await user.click(within(editor).getByRole('button', { name: 'Save Organisation' }));

    // The server's message at the colour, and everything typed still there.
    const colour = within(editor).getByLabelText('Brand colour');
    await waitFor(() => expect(colour.getAttribute('aria-invalid')).toBe('true'));
    expect(within(editor).getByText('A colour like #0b6e4f')).toBeTruthy();
    expect((within(editor).getByLabelText('Name') as HTMLInputElement).value).toBe('Cobalt Care');
    expect((colour as HTMLInputElement).value).toBe('teal');

    await user.clear(colour);
    await user.type(colour, '#0b6e4f');
    expect(within(editor).getByTestId('theme-preview-button').style.background).toBe('rgb(11, 110, 79)');
    await user.click(within(editor).getByRole('button', { name: 'Save Organisation' }));
    // The slug is taken: said at the slug.
    const slug = within(editor).getByLabelText(/^Slug/);
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(within(editor).getAllByText(organisationSlugTaken('acme-facilities')).length).toBeGreaterThan(0);
    await user.clear(slug);
    await user.type(slug, 'cobalt-care');
    await user.click(within(editor).getByRole('button', { name: 'Save Organisation' }));

    expect(await screen.findByRole('region', { name: 'Edit Cobalt Care' })).toBeTruthy();
    const saved = (await organisations.list()).find((o) => o.slug === 'cobalt-care');
    expect(saved).toMatchObject({
      name: 'Cobalt Care',
      origins: ['https://intranet.cobalt.test'],
      theme: { color: { brand: '#0b6e4f' } },
      seat_limit: 20,
      courses: 'all',
      status: 'active',
    });
    await expectNoAxeViolations();
  });

  it('edits an organisation and suspends it after a confirmation', async () => {
    const { user, organisations } = openOrganisations();
    await user.click(
      await within(await listRegion()).findByRole('button', { name: 'Manage Acme Facilities' }),
    );
    const editor = await screen.findByRole('region', { name: 'Edit Acme Facilities' });
    const name = within(editor).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Acme Facilities Group');
    await user.click(within(editor).getByRole('button', { name: 'Save Organisation' }));
    await waitFor(async () =>
      expect((await organisations.list()).map((o) => o.name)).toContain('Acme Facilities Group'),
    );

    await user.click(screen.getByRole('button', { name: 'Suspend Organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Acme Facilities Group?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await organisations.list()).find((o) => o.slug === 'acme-facilities')?.status).toBe('active');

    await user.click(screen.getByRole('button', { name: 'Suspend Organisation' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspend Organisation' }),
    );
    expect(await screen.findByRole('button', { name: 'Reactivate Organisation' })).toBeTruthy();
    expect((await organisations.list()).find((o) => o.slug === 'acme-facilities')?.status).toBe('suspended');
  });

  it('turns on issuing credentials in the organisation’s own name, off by default, and says where it stands', async () => {
    const { user, organisations } = openOrganisations();
    await user.click(
      await within(await listRegion()).findByRole('button', { name: 'Manage Acme Facilities' }),
    );
    const editor = await screen.findByRole('region', { name: 'Edit Acme Facilities' });
    const box = within(editor).getByRole('checkbox', {
      name: 'Issue its people’s credentials in its own name',
    });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(within(editor).getByText('Its people’s credentials are issued by the platform.')).toBeTruthy();
    await user.click(box);
    await user.click(within(editor).getByRole('button', { name: 'Save Organisation' }));
    expect(
      await within(editor).findByText(/Its key and DID are made when the first credential/),
    ).toBeTruthy();
    expect((await organisations.list()).find((o) => o.slug === 'acme-facilities')?.issues_credentials).toBe(
      true,
    );
  });

  it('adds an issuer with a shared secret that is never shown back, and removes one after a confirmation', async () => {
    const { user, organisations } = openOrganisations();
    await user.click(
      await within(await listRegion()).findByRole('button', { name: 'Manage Acme Facilities' }),
    );
    const issuers = await screen.findByRole('region', { name: 'Trusted Token Issuers' });
    await user.type(within(issuers).getByLabelText('Issuer (the tokens’ iss)'), 'https://sso.acme.test');
    await user.type(within(issuers).getByLabelText('Audience (the tokens’ aud)'), 'coursekit');
    await user.click(within(issuers).getByRole('radio', { name: 'Shared secret' }));
    const secret = within(issuers).getByLabelText(/^Shared secret \(at least/);
    expect(secret.getAttribute('type')).toBe('password');
    await user.type(secret, 'too short');
    await user.click(within(issuers).getByRole('button', { name: 'Add Issuer' }));
    await waitFor(() => expect(secret.getAttribute('aria-invalid')).toBe('true'));
    expect(within(issuers).getByText('A shared secret of at least 32 characters')).toBeTruthy();
    expect((within(issuers).getByLabelText('Issuer (the tokens’ iss)') as HTMLInputElement).value).toBe(
      'https://sso.acme.test',
    );

    await user.clear(secret);
    await user.type(secret, SECRET);
    await user.click(within(issuers).getByRole('button', { name: 'Add Issuer' }));
    const row = await within(issuers).findByRole('row', { name: /sso\.acme\.test/ });
    expect(row.textContent).toContain('Shared secret (stored encrypted)');
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect((within(issuers).getByLabelText(/^Shared secret \(at least/) as HTMLInputElement).value).toBe('');
    const stored = (await organisations.list()).find((o) => o.slug === 'acme-facilities')!;
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    expect(stored.issuers.map((i) => [i.issuer, i.has_secret])).toEqual([
      ['https://login.acme.example', false],
      ['https://sso.acme.test', true],
    ]);

    await user.click(
      within(issuers).getByRole('button', { name: 'Remove issuer https://login.acme.example' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Stop trusting https://login.acme.example?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(within(issuers).queryByRole('row', { name: /login\.acme\.example/ })).toBeNull(),
    );
    expect((await organisations.list())[0]!.issuers.map((i) => i.issuer)).toEqual(['https://sso.acme.test']);
    await expectNoAxeViolations();
  });

  it('changes a person’s role and removes a person after a confirmation', async () => {
    const { user, organisations } = openOrganisations();
    await user.click(
      await within(await listRegion()).findByRole('button', { name: 'Manage Acme Facilities' }),
    );
    const people = await screen.findByRole('region', { name: 'People' });
    const roles = await within(people).findAllByRole('combobox', {}, { timeout: 5_000 });
    expect(roles.map((r) => (r as HTMLSelectElement).value)).toEqual(['manager', 'learner', 'learner']);
    const learner = roles[1]!;
    const email = learner.getAttribute('aria-label')!.replace('Role of ', '');
    await user.selectOptions(learner, 'manager');
    const acme = (await organisations.list())[0]!;
    await waitFor(async () =>
      expect((await organisations.members(acme.id)).items.find((m) => m.email === email)?.role).toBe(
        'manager',
      ),
    );

    await user.click(within(people).getByRole('button', { name: `Remove ${email}` }));
    const dialog = await screen.findByRole('dialog', { name: `Remove ${email} from Acme Facilities?` });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(people).queryByText(email)).toBeNull());
    expect((await organisations.members(acme.id)).total).toBe(2);
  });

  it('shows a failing list with a way to try again', async () => {
    const { user, organisations } = openOrganisations();
    const list = organisations.list;
    let fail = true;
    organisations.list = () =>
      fail ? Promise.reject(new CourseError('unavailable', 'The database is unavailable')) : list();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the organisations');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await within(await listRegion()).findByText('Acme Facilities')).toBeTruthy();
  });
});
