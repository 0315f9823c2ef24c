import { createHttpAdapter, createHttpOrganisation } from '@coursekit/core/http';
import {
  createMemoryOrganisation,
  createOrganisationHandlers,
  type MemoryOrganisation,
} from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/expectNoAxeViolations';
import { renderWidget } from '../test/renderWidget';
import { OrganisationConsole, type OrganisationConsoleTab } from './OrganisationConsole';
import { OrganisationReport } from './OrganisationReport';

// The console on core's HTTP organisation adapter, answered by the mocks' MSW handlers of the
// managers' API over a memory organisation.

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const NOW = Date.parse('2026-11-29T09:00:00Z');
const base = () => new URL('/api', window.location.origin).href;

/** A Blob's text through FileReader (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

/** Node's fetch, given a chosen file's text as the body (it cannot read jsdom's File as a browser's fetch does). */
const fetchWithFiles: typeof fetch = async (input, init) =>
  fetch(input, init?.body instanceof Blob ? { ...init, body: await textOf(init.body) } : init);

function setUp(organisation: MemoryOrganisation) {
  server.use(...createOrganisationHandlers(organisation, { baseUrl: base() }));
  return createHttpOrganisation(
    createHttpAdapter({ baseUrl: base(), getAccessToken: () => 'manager-token', fetch: fetchWithFiles }),
    organisation.organisationId,
  );
}

function open(tab: OrganisationConsoleTab, options: Parameters<typeof createMemoryOrganisation>[0] = {}) {
  const organisation = createMemoryOrganisation({ scenario: 'filled', now: () => NOW, ...options });
  const adapter = setUp(organisation);
  const view = renderWidget(<OrganisationConsole adapter={adapter} title="Acme Facilities" tab={tab} />);
  return { ...view, organisation };
}

const csvFile = (text: string) => new File([text], 'people.csv', { type: 'text/csv' });

describe('OrganisationConsole', { timeout: 30_000 }, () => {
  it('invites a person by e-mail, and keeps what was typed when the server refuses', async () => {
    const { user, organisation } = open('people');
    const form = (await screen.findByRole('heading', { name: 'Invite someone' })).closest('form')!;
    await user.type(within(form).getByLabelText('E-mail'), 'ben.okafor@acme.example');
    await user.type(within(form).getByLabelText('Name (optional)'), 'Ben again');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'ben.okafor@acme.example is in the organisation already.',
    );
    expect(within(form).getByLabelText<HTMLInputElement>('E-mail').value).toBe('ben.okafor@acme.example');
    expect(within(form).getByLabelText<HTMLInputElement>('Name (optional)').value).toBe('Ben again');

    const email = within(form).getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'Zoe.New@Acme.example');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getAllByRole('status')[0]!.textContent).toBe(
        'An invitation went to zoe.new@acme.example.',
      ),
    );
    expect(within(form).getByLabelText<HTMLInputElement>('E-mail').value).toBe('');
    expect((await organisation.invitations()).map((i) => i.email)).toEqual(['zoe.new@acme.example']);
    expect(await screen.findByText(/zoe\.new@acme\.example —/)).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('previews a CSV with each bad row’s message, invites nothing until applied, then the good rows', async () => {
    const { user, organisation } = open('people', { seatLimit: 6 });
    const form = (await screen.findByRole('heading', { name: /Invite many people/ })).closest('form')!;
    await user.upload(
      within(form).getByLabelText('CSV file'),
      csvFile(
        '\uFEFFemail,name,group\r\nnew.one@acme.example,New One,\r\nnot-an-email,Bad,\r\nnew.one@acme.example,Twice,\r\nben.okafor@acme.example,Ben,\r\nnew.two@acme.example,,\r\nnew.three@acme.example,,\r\n',
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Check the file' }));
    const preview = await within(form).findByRole('table', { name: /What the file would do/ });
    const rows = within(preview)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      '2new.one@acme.exampleWill be invited',
      expect.stringMatching(/^3not-an-email.+/),
      '4new.one@acme.exampleDuplicate: this e-mail is already on line 2.',
      '5ben.okafor@acme.exampleAlready in the organisation or invited',
      '6new.two@acme.exampleWill be invited',
      '7new.three@acme.exampleOver the seat limit: the organisation has 6 seats.',
    ]);
    expect(within(form).getByRole('status').textContent).toBe(
      '2 to invite, 1 already in the organisation or invited, 3 with problems.',
    );
    expect(await organisation.invitations()).toEqual([]);
    await expectNoAxeViolations();

    await user.click(within(form).getByRole('button', { name: 'Invite 2 people' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status')[0]!.textContent).toBe(
        '2 invitations sent; 1 were already in the organisation or invited.',
      ),
    );
    expect((await organisation.invitations()).map((i) => i.email).sort()).toEqual([
      'new.one@acme.example',
      'new.two@acme.example',
    ]);
  });

  it('assigns a course to a group and a person with a due date', async () => {
    const { user, organisation } = open('assignments');
    const form = (await screen.findByRole('heading', { name: 'Assign a course' })).closest('form')!;
    await user.selectOptions(within(form).getByLabelText('Course'), 'energy-basics');
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Choose people or groups to assign the course to.',
    );
    await user.click(within(form).getByRole('checkbox', { name: 'Night shift' }));
    await user.click(within(form).getByRole('checkbox', { name: 'dev.rao@acme.example' }));
    await user.type(within(form).getByLabelText('Due date (optional)'), '2026-12-15');
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status')[0]!.textContent).toBe('Energy Basics assigned (2).'),
    );
    const made = (await organisation.assignments()).filter((a) => a.course === 'energy-basics' && a.due_at);
    expect(made.map((a) => `${a.group ?? a.email} ${a.due_at}`).sort()).toEqual([
      'Night shift 2026-12-15T00:00:00.000Z',
      'dev.rao@acme.example 2026-12-15T00:00:00.000Z',
    ]);
    expect(within(form).getByRole('checkbox', { name: 'Night shift' })).toHaveProperty('checked', false);
  });

  it('removes someone after a confirmation that says their learning record is kept', async () => {
    const { user, organisation } = open('people');
    const remove = await screen.findByRole('button', {
      name: 'Remove ben.okafor@acme.example from the organisation',
    });
    await user.click(remove);
    let dialog = await screen.findByRole('alertdialog', {
      name: 'Remove ben.okafor@acme.example from the organisation?',
    });
    expect(dialog.textContent).toContain('Their account and learning record are kept');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((await organisation.people()).items.map((p) => p.email)).toContain('ben.okafor@acme.example');

    await user.click(remove);
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from organisation' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status')[0]!.textContent).toBe(
        'ben.okafor@acme.example was removed from the organisation.',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'ben.okafor@acme.example' })).toBeNull());
    expect((await organisation.people()).items.map((p) => p.email)).not.toContain('ben.okafor@acme.example');
    expect([...organisation.records.keys()].some((key) => key.startsWith(`${ben(organisation)}`))).toBe(true);
  });

  it('creates a group and puts a person in it', async () => {
    const { user, organisation } = open('groups');
    await user.type(await screen.findByLabelText('New group’s name'), 'Cohort 2027{Enter}');
    await screen.findByRole('heading', { name: 'Cohort 2027' });
    await user.selectOptions(screen.getByLabelText('Add a person to Cohort 2027'), 'dev.rao@acme.example');
    const card = screen.getByRole('heading', { name: 'Cohort 2027' }).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Add' }));
    await within(card).findByRole('button', { name: 'Take dev.rao@acme.example out of Cohort 2027' });
    const group = (await organisation.groups()).find((g) => g.name === 'Cohort 2027');
    expect(group?.members).toBe(1);
  });
});

/** Ben's user id in the filled scenario (he was removed from the people list by then). */
const ben = (organisation: MemoryOrganisation) =>
  [...organisation.records.keys()].find((key) => key.endsWith('energy-basics'))!.split('\u0000')[0];

describe('OrganisationReport', { timeout: 30_000 }, () => {
  function report() {
    const organisation = createMemoryOrganisation({ scenario: 'filled', now: () => NOW });
    const adapter = setUp(organisation);
    return { ...renderWidget(<OrganisationReport adapter={adapter} />), organisation };
  }
  const bodyRows = () =>
    within(screen.getByRole('table', { name: 'Each person’s assigned courses' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );

  it('shows each person’s status, filters by status and sorts by score', async () => {
    const { user } = report();
    await screen.findByRole('table', { name: 'Each person’s assigned courses' });
    expect(bodyRows().map(([who, course, status]) => `${who} | ${course} | ${status}`)).toEqual([
      'Ben Okafor (ben.okafor@acme.example) | Building Safety Walkthrough | Completed',
      'Ben Okafor (ben.okafor@acme.example) | Energy Basics | Completed',
      'Cleo Park (cleo.park@acme.example) | Building Safety Walkthrough | In progress',
      'dev.rao@acme.example | Building Safety Walkthrough | Overdue',
    ]);
    await user.selectOptions(screen.getByLabelText('Status'), 'overdue');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]![2]).toBe('Overdue');

    await user.selectOptions(screen.getByLabelText('Status'), '');
    await user.click(screen.getByRole('button', { name: 'Sort by Final quiz' }));
    await waitFor(() => expect(bodyRows().map((r) => r[5])).toEqual(['75%', '90%', '—', '—']));
    await user.click(screen.getByRole('button', { name: 'Sort by Final quiz' }));
    await waitFor(() => expect(bodyRows().map((r) => r[5])).toEqual(['90%', '75%', '—', '—']));
    expect(
      screen.getByRole('button', { name: 'Sort by Final quiz' }).closest('th')?.getAttribute('aria-sort'),
    ).toBe('descending');
    expect(screen.getByRole('img', { name: 'Completions over the last 30 days' })).toBeTruthy();
    expect(screen.getByText('2 completions in the last 30 days; the most on one day: 1.')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('exports the server’s CSV with the filters shown', async () => {
    const { user } = report();
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:report';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await screen.findByRole('table', { name: 'Each person’s assigned courses' });
    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const text = await textOf(saved[0]!);
    expect(text.split('\r\n')[0]).toBe('email,name,course,status,due_at,completed_at,score');
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(text).not.toContain('overdue');
    vi.unstubAllGlobals();
  });

  it('says so when the report cannot be read, and reads it again on Try Again', async () => {
    const organisation = createMemoryOrganisation({ scenario: 'filled', now: () => NOW });
    const adapter = setUp(organisation);
    let fail = true;
    server.use(
      http.get(`${base()}/organisations/:id/report`, () =>
        fail
          ? HttpResponse.json(
              { error: { code: 'unexpected', message: 'The report is resting' } },
              { status: 500 },
            )
          : undefined,
      ),
    );
    const { user } = renderWidget(<OrganisationReport adapter={adapter} />);
    expect((await screen.findByRole('alert')).textContent).toContain('The report is resting');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('table', { name: 'Each person’s assigned courses' });
  });
});
