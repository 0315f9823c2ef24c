import { composeStories, setProjectAnnotations } from '@storybook/react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { setupServer } from 'msw/node';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { describe, expect, it } from 'vitest';
import * as adminConsole from './admin/AdminConsole.stories';
import * as adminContent from './admin/ContentTools.stories';
import * as adminCourses from './admin/Courses.stories';
import * as adminLti from './admin/Lti.stories';
import * as adminOrganisations from './admin/Organisations.stories';
import * as adminRevoke from './admin/RevokeCertificate.stories';
import * as adminTracking from './admin/StableTracking.stories';
import * as adminStudio from './admin/Studio.stories';
import * as adminStudioMedia from './admin/StudioMedia.stories';
import * as adminSettings from './admin/SystemSettings.stories';
import * as adminUserProgress from './admin/UserProgress.stories';
import * as courseCatalog from './CourseCatalog.stories';
import * as coursePlayer from './CoursePlayer.stories';
import * as organisationConsole from './organisation/OrganisationConsole.stories';
import * as organisationReport from './organisation/OrganisationReport.stories';
import * as progressPanel from './ProgressPanel.stories';
import * as quizRunner from './QuizRunner.stories';
import { withCourse } from './withCourse';

// The requests the stories' MSW server is still answering; a story has its data once none is left.
const answering = new Set<string>();

// The stories' own MSW handlers, served by msw/node instead of the browser's service worker.
setProjectAnnotations({
  decorators: [withCourse],
  loaders: [
    mswLoader(async () => {
      const server = setupServer();
      server.events.on('request:start', ({ requestId }) => answering.add(requestId));
      server.events.on('request:end', ({ requestId }) => answering.delete(requestId));
      server.events.on('unhandledException', ({ requestId }) => answering.delete(requestId));
      server.listen({ onUnhandledRequest: 'error' });
      return server as never;
    }),
  ],
});

const suites = {
  CoursePlayer: composeStories(coursePlayer),
  ProgressPanel: composeStories(progressPanel),
  QuizRunner: composeStories(quizRunner),
  CourseCatalog: composeStories(courseCatalog),
  AdminConsole: composeStories(adminConsole),
  'Admin System Settings': composeStories(adminSettings),
  'Admin Revoke a Certificate': composeStories(adminRevoke),
  'Admin Content and Images': composeStories(adminContent),
  'Admin Courses': composeStories(adminCourses),
  'Admin Organisations': composeStories(adminOrganisations),
  'Admin LTI': composeStories(adminLti),
  'Admin Stable Tracking': composeStories(adminTracking),
  'Admin User Progress': composeStories(adminUserProgress),
  'Admin Course Studio': composeStories(adminStudio),
  'Admin Course Studio media and preview': composeStories(adminStudioMedia),
  OrganisationConsole: composeStories(organisationConsole),
  OrganisationReport: composeStories(organisationReport),
};

const busy = () => document.querySelector('[aria-busy="true"]');

/**
 * Waits for the state a story shows: its loading state (a server that never answers), its image
 * job held mid-run (the progress bar), or else its data: nothing busy and no request unanswered.
 */
async function storyState(name: string) {
  if (name.endsWith('Loading')) return waitFor(() => expect(busy()).not.toBeNull());
  if (name.endsWith('Running')) return screen.findByRole('progressbar');
  if (name.endsWith('Submitting')) return screen.findByRole('button', { name: 'Revoking...' });
  return waitFor(
    () => {
      expect(answering.size, 'requests still being answered').toBe(0);
      expect(busy(), 'a loading state').toBeNull();
    },
    { timeout: 5000 },
  );
}

for (const [widget, stories] of Object.entries(suites)) {
  describe(`${widget} stories`, () => {
    for (const [name, Story] of Object.entries(stories)) {
      it(`${name} renders without errors and axe finds no violations`, async () => {
        const errors: unknown[] = [];
        const onError = (e: ErrorEvent) => errors.push(e.error);
        window.addEventListener('error', onError);
        answering.clear(); // a Loading story before this one leaves its requests unanswered for good
        await Story.run();
        await storyState(name);
        window.removeEventListener('error', onError);
        expect(errors).toEqual([]);
        const root = document.querySelector<HTMLElement>('.coursekit');
        expect(root, 'the widget root renders').not.toBeNull();
        if (name.endsWith('Loading')) {
          // What a loading story shows is its busy state, announced by name to a screen reader.
          const waiting = busy()!;
          expect(
            waiting.getAttribute('aria-label') ?? waiting.textContent?.trim(),
            'the busy state says what it waits for',
          ).toBeTruthy();
        } else {
          expect(root!.textContent?.trim(), 'the story shows words, not an empty frame').not.toBe('');
        }
        const results = await axe.run(document.body, {
          rules: { 'color-contrast': { enabled: false } }, // jsdom has no layout to measure contrast
        });
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual(
          [],
        );
      }, 20_000); // the admin stories' plays run image jobs and dialogs on a busy 2-core machine
    }
  });
}

describe('stories show the spec’s states', () => {
  it('the failing server shows Failed to load module data', async () => {
    await suites.CoursePlayer.ModuleError.run();
    expect(await screen.findByRole('heading', { name: 'Failed to load module data' })).toBeTruthy();
  });

  it('a module without lessons shows No lessons found for this module', async () => {
    await suites.CoursePlayer.ModuleEmpty.run();
    expect(await screen.findByRole('heading', { name: 'No lessons found for this module' })).toBeTruthy();
    expect(screen.getByText('No lessons available for this module.')).toBeTruthy();
  });

  it('the assessment stories end on their results', async () => {
    await suites.QuizRunner.AssessmentFailed.run();
    expect(screen.getByRole('button', { name: 'Retake Quiz' })).toBeTruthy();
  });

  it('the empty quiz list shows No Quizzes Available', async () => {
    await suites.QuizRunner.ListEmpty.run();
    expect(await screen.findByRole('heading', { name: 'No Quizzes Available' })).toBeTruthy();
  });

  it('the theme override reaches the widget root as CSS variables', async () => {
    await suites.CoursePlayer.ThemeOverride.run();
    const root = document.querySelector<HTMLElement>('.coursekit')!;
    expect(root.style.getPropertyValue('--ck-color-brand')).toBe('#0b6e4f');
    expect(root.style.getPropertyValue('--ck-radius')).toBe('2px');
  });

  it('an admin search that matches nobody says so', async () => {
    await suites.AdminConsole.UsersEmptySearch.run();
    expect(screen.getByText('No users found matching your search.')).toBeTruthy();
  });

  it('an empty users table says No users found.', async () => {
    await suites.AdminConsole.UsersNone.run();
    expect(await screen.findByText('No users found.')).toBeTruthy();
  });

  it('a learner gets the admin guard, never admin data', async () => {
    await suites.AdminConsole.GuardLearner.run();
    expect(await screen.findByText('Insufficient permissions to access this resource.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to Sign In' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'User Management' })).toBeNull();
  });

  it('a held image job shows its progress bar at the held step', async () => {
    await suites['Admin Content and Images'].ImageAnalysisRunning.run();
    const bar = await screen.findByRole('progressbar', { name: /Analysis progress/ });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
  });

  it('the user-progress page prompts for a user before a selection', async () => {
    await suites['Admin User Progress'].Prompt.run();
    expect(
      await screen.findByText('Please select a user from the dropdown above to view their progress.'),
    ).toBeTruthy();
  });

  it('the catalog lists every course, with progress signed in and none signed out', async () => {
    await suites.CourseCatalog.WithProgress.run();
    expect(await screen.findAllByRole('progressbar')).toHaveLength(3);
    expect(screen.getByText('Certificate earned')).toBeTruthy();
    expect(screen.getByText('Not started yet')).toBeTruthy();
    cleanup();
    await suites.CourseCatalog.SignedOut.run();
    expect(await screen.findAllByRole('link')).toHaveLength(3);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('the empty and the failing catalog say so', async () => {
    await suites.CourseCatalog.Empty.run();
    expect(await screen.findByRole('heading', { name: 'No courses yet' })).toBeTruthy();
    cleanup();
    await suites.CourseCatalog.ServerError.run();
    expect(await screen.findByRole('heading', { name: 'The courses could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('the Organisations tab shows its list, its empty, loading and failing states', async () => {
    const o = suites['Admin Organisations'];
    await o.List.run();
    const rows = await screen.findAllByRole('row', {}, { timeout: 10_000 });
    expect(rows.map((r) => r.textContent)).toEqual([
      'NameSlugStatusPeopleActions',
      'Acme Facilitiesacme-facilitiesActive3Manage',
      'Bravo Worksbravo-worksSuspended0Manage',
    ]);
    cleanup();
    await o.ListEmpty.run();
    expect(await screen.findByText(/^No organisations yet/)).toBeTruthy();
    cleanup();
    await o.ListLoading.run();
    expect(await screen.findByRole('status', { name: 'Loading organisations' })).toBeTruthy();
    cleanup();
    await o.ListError.run();
    expect(await screen.findByRole('heading', { name: 'Could not load the organisations' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  }, 30_000);

  it('the organisation stories show the editor’s preview and refusals, the issuers and the people', async () => {
    const o = suites['Admin Organisations'];
    await o.EditorRefused.run();
    const colour = await screen.findByLabelText('Brand colour');
    expect(colour.getAttribute('aria-invalid')).toBe('true');
    expect((colour as HTMLInputElement).value).toBe('teal');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Cobalt Care');
    expect(screen.getByLabelText(/^Slug/).getAttribute('aria-invalid')).toBe('true');
    cleanup();
    await o.IssuerAdded.run();
    // The story's world outlives a run (the render loop has added this issuer once already, so this
    // run's add is refused and keeps what was typed): the list is what must never show the secret.
    const issuers = screen.getByRole('region', { name: 'Trusted Token Issuers' });
    const row = within(issuers).getByRole('row', { name: /https:\/\/sso\.acme\.example/ });
    expect(row.textContent).toContain('Shared secret (stored encrypted)');
    expect(within(issuers).getByRole('table').innerHTML).not.toContain(
      'acme-shared-secret-of-at-least-32-characters',
    );
    cleanup();
    await o.IssuersEmpty.run();
    expect(await screen.findByText('Nobody is in this organisation yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reactivate Organisation' })).toBeTruthy();
    cleanup();
    await o.Members.run();
    const roles = await screen.findAllByRole('combobox', { name: /^Role of / });
    expect(roles.map((r) => (r as HTMLSelectElement).value)).toEqual(['manager', 'learner', 'learner']);
    cleanup();
    await o.MembersLoading.run();
    expect(await screen.findByRole('status', { name: 'Loading people' })).toBeTruthy();
    cleanup();
    await o.MembersError.run();
    expect(screen.getByRole('heading', { name: 'Could not load the people' })).toBeTruthy();
  }, 60_000);

  it('the organisation console’s stories show each tab empty, loading, failing and filled', async () => {
    const con = suites.OrganisationConsole;
    const shows = async (story: { run: () => Promise<void> }, check: () => Promise<unknown>) => {
      cleanup();
      answering.clear();
      await story.run();
      await check();
    };
    await shows(con.PeopleEmpty, () =>
      screen.findByText('Nobody is in the organisation yet. Invite people above.'),
    );
    expect(screen.getByRole('heading', { name: 'Invite someone' })).toBeTruthy();
    await shows(con.PeopleLoading, () => screen.findByRole('status', { name: 'Loading people…' }));
    await shows(con.PeopleError, () => screen.findAllByRole('heading', { name: 'Something went wrong' }));
    await shows(con.PeopleFilled, () => screen.findByRole('cell', { name: 'cleo.park@acme.example' }));
    expect(
      screen.getByRole('button', { name: 'Remove dev.rao@acme.example from the organisation' }),
    ).toBeTruthy();
    await shows(con.GroupsEmpty, () =>
      screen.findByText('No groups yet. Create one to gather a team or a cohort.'),
    );
    await shows(con.GroupsLoading, () => screen.findByRole('status', { name: 'Loading groups…' }));
    await shows(con.GroupsError, () => screen.findByRole('heading', { name: 'Something went wrong' }));
    await shows(con.GroupsFilled, () => screen.findByRole('heading', { name: 'Night shift' }));
    expect(screen.getByText('2 members')).toBeTruthy();
    await shows(con.AssignmentsEmpty, () => screen.findByText('No course is assigned yet.'));
    await shows(con.AssignmentsLoading, () => screen.findByRole('status', { name: 'Loading assignments…' }));
    await shows(con.AssignmentsError, () => screen.findByRole('heading', { name: 'Something went wrong' }));
    await shows(con.AssignmentsFilled, () =>
      screen.findByRole('table', { name: 'The organisation’s assignments' }),
    );
    expect(screen.getByRole('cell', { name: 'No due date' })).toBeTruthy();
    await shows(con.ReportEmpty, () =>
      screen.findByText('No course is assigned yet: the report fills in once people have assignments.'),
    );
    await shows(con.ReportLoading, () => screen.findByRole('status', { name: 'Loading the report…' }));
    await shows(con.ReportError, () => screen.findByRole('heading', { name: 'Something went wrong' }));
    await shows(con.ReportFilled, () => screen.findByRole('cell', { name: 'Overdue' }));
    expect(screen.getAllByRole('cell', { name: 'Completed' })).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'In progress' })).toBeTruthy();
    await shows(con.SignInEmpty, () => screen.findByText(/^No identity provider: your people sign in/));
    await shows(con.SignInLoading, () =>
      screen.findByRole('status', { name: 'Loading the sign-in settings…' }),
    );
    await shows(con.SignInError, () => screen.findByRole('heading', { name: 'Something went wrong' }));
    await shows(con.SignInFilled, () => screen.findByText('https://login.acme.example'));
  }, 60_000);

  it('the embeddable report’s stories show its empty, loading, failing and filled states', async () => {
    const report = suites.OrganisationReport;
    cleanup();
    await report.Empty.run();
    expect(
      await screen.findByText('No course is assigned yet: the report fills in once people have assignments.'),
    ).toBeTruthy();
    cleanup();
    await report.Loading.run();
    expect(await screen.findByRole('status', { name: 'Loading the report…' })).toBeTruthy();
    cleanup();
    answering.clear();
    await report.ServerError.run();
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    cleanup();
    await report.Filled.run();
    expect(await screen.findByRole('img', { name: 'Completions over the last 30 days' })).toBeTruthy();
    expect(screen.getByText('2 completions in the last 30 days; the most on one day: 1.')).toBeTruthy();
    expect(screen.getByRole('cell', { name: '90%' })).toBeTruthy();
  }, 30_000);
  it('the idle revoke panel warns that revoking cannot be undone', async () => {
    await suites['Admin Revoke a Certificate'].RevokeIdle.run();
    expect(screen.getByText(/It cannot be undone/)).toBeTruthy();
  }, 20_000);

  it('revoking shows Revoking... until the server answers', async () => {
    await suites['Admin Revoke a Certificate'].RevokeSubmitting.run();
    expect((screen.getByRole('button', { name: 'Revoking...' }) as HTMLButtonElement).disabled).toBe(true);
  }, 20_000);

  it('a revoked certificate: the panel says when and why', async () => {
    await suites['Admin Revoke a Certificate'].RevokeRevoked.run();
    // The console's toast region is a status too (empty here): the panel's is the one that speaks.
    const said = screen.getAllByRole('status').map((s) => s.textContent ?? '');
    expect(said.filter((text) => text.trim())).toEqual([
      expect.stringMatching(/ was revoked on .*: Issued in error$/),
    ]);
  }, 20_000);

  it('an unknown code is refused with the server’s message', async () => {
    await suites['Admin Revoke a Certificate'].RevokeError.run();
    expect(screen.getByRole('alert').textContent).toBe('Could not revoke CK-0000-0000-0000: No certificate');
  }, 20_000);

  it('a finished course offers the PDF, the credential and the badge', async () => {
    await suites.CoursePlayer.CertificateDownloads.run();
    expect(screen.getByRole('button', { name: 'Download Certificate (PDF)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download credential (.json)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download badge' })).toBeTruthy();
  }, 20_000);

  it('render() works too, for stories without play functions', () => {
    const { ListNew } = suites.QuizRunner;
    render(<ListNew />);
    expect(document.querySelector('.coursekit')).not.toBeNull();
  });
});
