import { adminBackend, type createMemoryStore, DEMO_LEARNER } from '@coursekit/mocks';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp';

/** Two organisations with the demo learner in each (manager of one, learner of the other): their ids. */
function seedOrganisations(
  store: ReturnType<typeof createMemoryStore>,
  roles: ['manager' | 'learner', 'manager' | 'learner'],
) {
  const { organisations } = adminBackend(store);
  const learner = [...store.tables.users.values()].find((row) => row.user.email === DEMO_LEARNER.email)!;
  const ids = (['Acme Facilities', 'Bravo Works'] as const).map((name, i) => {
    const made = organisations.create(null, { name, slug: name.toLowerCase().replace(' ', '-') });
    organisations.setMember(null, made.id, learner.user.id, roles[i]!);
    return made.id;
  });
  return ids;
}

const linkNames = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await within(nav).findByRole('link', { name: 'About' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
};

afterEach(() => vi.restoreAllMocks());

describe('the layout (learner §2)', () => {
  it('offers Courses, About, Sign In and Get Started to visitors', async () => {
    renderApp({ path: '/about', signedIn: false });
    expect(await linkNames()).toEqual(['Courses', 'About', 'Sign In', 'Get Started']);
  });

  it('offers the learner links and the catalog, without Admin, to a learner', async () => {
    renderApp({ path: '/about' });
    expect(await linkNames()).toEqual(['Course', 'Modules', 'Quizzes', 'Progress', 'Courses', 'About']);
  });

  it('adds the Admin link for admins', async () => {
    renderApp({ path: '/about', roles: ['admin'] });
    expect(await screen.findByRole('link', { name: 'Admin' })).toBeTruthy();
  });

  it('links a manager to the console of the organisation they manage, and nothing for one they learn in', async () => {
    let ids: string[] = [];
    renderApp({
      path: '/about',
      seed: (store) => {
        ids = seedOrganisations(store, ['manager', 'learner']);
      },
    });
    const link = await screen.findByRole('link', { name: 'Manage Acme Facilities' });
    expect(link.getAttribute('href')).toBe(`/organisations/${ids[0]}`);
    expect(await linkNames()).toEqual([
      'Course',
      'Modules',
      'Quizzes',
      'Progress',
      'Courses',
      'Manage Acme Facilities',
      'About',
    ]);
    expect(screen.queryByRole('link', { name: /Bravo Works/ })).toBeNull();
  });

  it('adds nothing for a learner of organisations who manages none', async () => {
    let asked = false;
    renderApp({
      path: '/about',
      seed: (store) => void seedOrganisations(store, ['learner', 'learner']),
      patch: (adapter) => ({
        ...adapter,
        profile: {
          ...adapter.profile,
          organisations: async () => {
            const mine = await adapter.profile.organisations();
            asked = mine.length === 2;
            return mine;
          },
        },
      }),
    });
    await vi.waitFor(() => expect(asked).toBe(true));
    expect(await linkNames()).toEqual(['Course', 'Modules', 'Quizzes', 'Progress', 'Courses', 'About']);
  });

  it('shows the not-found page for an unknown path and logs the path', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp({ path: '/no/such/page', signedIn: false });
    expect(await screen.findByText('Oops! Page not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(warn.mock.calls.some((call) => call.includes('/no/such/page'))).toBe(true);
  });

  it('shows the system message until dismissed', async () => {
    const { store } = renderApp({
      path: '/about',
      signedIn: false,
      scenario: { systemMessage: { text: 'Planned upgrade on Friday', type: 'info' } },
    });
    expect(await screen.findByText('Planned upgrade on Friday')).toBeTruthy();
    screen.getByRole('button', { name: 'Dismiss system message' }).click();
    await vi.waitFor(() => expect(screen.queryByText('Planned upgrade on Friday')).toBeNull());
    store.setSettings({ system_message: 'Upgrade moved to Saturday' });
    expect(await screen.findByText('Upgrade moved to Saturday')).toBeTruthy();
  });

  it('sends signed-out visitors of a learner screen to /signin', async () => {
    renderApp({ path: '/account', signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(window.location.pathname).toBe('/signin');
  });
});
