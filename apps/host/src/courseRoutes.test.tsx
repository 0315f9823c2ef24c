import { courseDoesNotExist } from '@coursekit/core';
import { courseFixture, DEMO_LEARNER } from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSite, requests } from './test/renderSite';

// Any course by slug at '/courses/{slug}/…', the same screens on an adapter for that course.
// The mocks hold one course, which answers by its slug as the API does for every course.

afterEach(() => vi.restoreAllMocks());

const { slug, title } = courseFixture.course;
const paths = (pattern: RegExp) => requests.filter((r) => pattern.test(r.path)).map((r) => r.path);
const mainNav = () => screen.findByRole('navigation', { name: 'Main' });

describe('a course by its slug', () => {
  it('shows its modules from /api/courses/{slug}/…, and its links stay under /courses/{slug}', async () => {
    renderSite({ path: `/courses/${slug}/modules`, scenario: 'mid-course' });
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: 'Open Module 2' });
    expect(paths(/\/modules$/)).toEqual([`/api/courses/${slug}/modules`]);
    await user.click(open);
    await waitFor(() => expect(window.location.pathname).toBe(`/courses/${slug}/module/2`));
    expect(await screen.findByRole('button', { name: 'Mark Complete' })).toBeTruthy();
    expect(paths(/\/lessons$/)).toEqual([`/api/courses/${slug}/modules/2/lessons`]);
  });

  it('the header’s course links lead to that course’s screens', async () => {
    renderSite({ path: `/courses/${slug}/progress`, scenario: 'mid-course' });
    const nav = await mainNav();
    expect((await within(nav).findByRole('link', { name: 'Modules' })).getAttribute('href')).toBe(
      `/courses/${slug}/modules`,
    );
    expect(within(nav).getByRole('link', { name: 'Course' }).getAttribute('href')).toBe(
      `/courses/${slug}/course`,
    );
    expect(within(nav).getByRole('link', { name: 'Courses' }).getAttribute('href')).toBe('/courses');
  });

  it('opens on the course’s dashboard, titled with its own title', async () => {
    renderSite({ path: `/courses/${slug}`, scenario: 'mid-course' });
    await waitFor(() => expect(window.location.pathname).toBe(`/courses/${slug}/course`));
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(document.title).toBe(title);
    expect(paths(/\/progress$/)).toEqual([`/api/courses/${slug}/progress`]);
  });

  it('a module id that is not a number goes to the course’s modules', async () => {
    renderSite({ path: `/courses/${slug}/module/abc`, scenario: 'mid-course' });
    await waitFor(() => expect(window.location.pathname).toBe(`/courses/${slug}/modules`));
  });

  it('an unknown course is the not-found page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderSite({ path: '/courses/no-such-course/modules' });
    expect(await screen.findByText('Oops! Page not found')).toBeTruthy();
    expect(screen.queryByText(courseDoesNotExist('no-such-course'))).toBeNull();
    expect(warn.mock.calls.some((call) => call.includes('/courses/no-such-course/modules'))).toBe(true);
  });

  it('one sign-in serves every course: a course opened signed out shows progress after signing in', async () => {
    renderSite({ path: `/courses/${slug}/progress`, signedIn: false, scenario: 'mid-course' });
    const user = userEvent.setup();
    // the course's adapter is made before anyone signs in; the sign-in goes through the site's
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(window.location.pathname).toBe('/signin'));
    await user.type(await screen.findByLabelText('Email'), DEMO_LEARNER.email);
    await user.type(screen.getByLabelText('Password'), DEMO_LEARNER.password);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));

    window.history.go(-2); // back past /signin to the course's progress
    await waitFor(() => expect(window.location.pathname).toBe(`/courses/${slug}/progress`));
    expect(await screen.findByRole('heading', { name: 'Course Progress' })).toBeTruthy();
    const reads = requests.filter((r) => r.path === `/api/courses/${slug}/progress`);
    expect(reads.at(-1)?.auth).toMatch(/^Bearer /);
  }, 20_000);
});
