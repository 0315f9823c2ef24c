import { messages } from '@coursekit/core';
import { DEMO_LEARNER } from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiBase, renderSite, requests } from '../test/renderSite';

const catalogAnswer = (handler: () => Response) => http.get(`${apiBase()}/courses`, handler);

describe('the catalog at /courses', () => {
  it('lists each course with its description and estimated time, and links to it; signed out, no progress', async () => {
    const { store } = renderSite({ path: '/courses', signedIn: false });
    const outline = store.outline();
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: outline.title });
    expect(link.getAttribute('href')).toBe('/course');
    expect(screen.getByText(outline.description)).toBeTruthy();
    expect(screen.getByText(new RegExp(`Estimated time: ${outline.estimated_time}`))).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(/to see your progress in each course/)).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/courses')?.auth).toBeNull();
  });

  it('shows the signed-in learner’s progress in each course', async () => {
    const { store } = renderSite({ path: '/courses', scenario: 'mid-course' });
    const outline = store.outline();
    const { summary } = store.progress(store.userFor(DEMO_LEARNER.accessToken).id);
    const bar = await screen.findByRole('progressbar', { name: `${outline.title} progress` });
    expect(bar.getAttribute('aria-valuenow')).toBe(String(summary.progressPercentage));
    expect(screen.queryByText(/to see your progress/)).toBeNull();
    expect(requests.find((r) => r.path === '/api/courses')?.auth).toBe('Bearer demo-access-token');
  });

  it('is reached from the header, and the keyboard opens a course from it', async () => {
    const { store } = renderSite({ path: '/about', scenario: 'mid-course' });
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(await within(nav).findByRole('link', { name: 'Courses' }));
    const link = await screen.findByRole('link', { name: store.outline().title });
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/course'));
  });

  it('says so when no course is published', async () => {
    renderSite({
      path: '/courses',
      override: [catalogAnswer(() => HttpResponse.json({ courses: [] }))],
    });
    expect(await screen.findByRole('heading', { name: 'No courses yet' })).toBeTruthy();
  });

  it('shows a failure with Try Again, which asks again', async () => {
    let failing = true;
    renderSite({
      path: '/courses',
      override: [
        catalogAnswer(() =>
          failing
            ? HttpResponse.json(
                { error: { code: 'unavailable', message: messages.databaseConnectionFailed } },
                { status: 503 },
              )
            : HttpResponse.json({ courses: [] }),
        ),
      ],
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(within(alert).getByText('The courses could not be loaded')).toBeTruthy();
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No courses yet' })).toBeTruthy();
  });
});
