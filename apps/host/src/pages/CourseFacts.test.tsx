import type { CourseOutline } from '@coursekit/core';
import { formatDuration, moduleDurationMinutes } from '@coursekit/core';
import { courseFixture } from '@coursekit/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp';

// The site shows what the adapter's outline says about the course; none of it is written in the host.

const otherCourse: CourseOutline = {
  slug: 'kitchen-hygiene',
  title: 'Kitchen Hygiene Basics',
  description: 'Clean hands, safe storage.',
  estimated_time: '3-4 hours',
  syllabus_time: '1h 05m',
  pre_assessment_time: '5 minutes',
  objectives: [{ id: 'O1', text: 'Wash your hands properly.' }],
  modules: [
    {
      id: 1,
      name: 'Handwashing',
      summary: 'Soap and water.',
      description: 'Why and how.',
      duration_minutes: 20,
    },
    {
      id: 2,
      name: 'Cold Storage',
      summary: 'Fridges and freezers.',
      description: 'Temperatures.',
      duration_minutes: null,
    },
  ],
};

const withOutline = (outline: () => Promise<CourseOutline>) => ({
  patch: <A extends { course: object }>(adapter: A) => ({
    ...adapter,
    course: { ...adapter.course, outline },
  }),
});

describe("the course's facts come from the adapter's outline", () => {
  it('landing: the course in the fixture (today: the reference course)', async () => {
    renderApp({ signedIn: false });
    const { course, modules } = courseFixture;
    expect(await screen.findByRole('heading', { level: 1, name: course.title })).toBeTruthy();
    expect(screen.getByText(course.description)).toBeTruthy();
    for (const module of modules) {
      expect(screen.getByRole('heading', { level: 3, name: module.name })).toBeTruthy();
      expect(screen.getByText(module.summary)).toBeTruthy();
    }
    expect(screen.getByText(`Estimated course time: ${course.estimated_time}.`)).toBeTruthy();
    expect(screen.getByText(new RegExp(`about ${course.pre_assessment_time}, no time limit`))).toBeTruthy();
  });

  it('landing: another outline shows another course, nothing of the fixture', async () => {
    renderApp({ signedIn: false, ...withOutline(async () => otherCourse) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen Hygiene Basics' })).toBeTruthy();
    const overview = screen.getByRole('region', { name: 'Two modules, one clear path' });
    expect(
      within(overview)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Handwashing', 'Cold Storage']);
    expect(screen.getByText('Estimated course time: 3-4 hours.')).toBeTruthy();
    expect(screen.getByText(/about 5 minutes, no time limit/)).toBeTruthy();
    // The footer's line is the platform's (System Settings), never a course's title.
    const { platform } = courseFixture;
    expect(
      await screen.findByText(`© ${platform.copyright_year} ${platform.owner}. All rights reserved.`),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Kitchen Hygiene Basics'));
    const page = document.body.textContent ?? '';
    expect(page).not.toContain(courseFixture.course.title);
    for (const module of courseFixture.modules) expect(page).not.toContain(module.name);
    expect(page).not.toContain(courseFixture.course.estimated_time);
  });

  it('landing: while the outline loads, the page stands without its facts', async () => {
    renderApp({ signedIn: false, ...withOutline(() => new Promise(() => {})) });
    const cta = await screen.findByRole('link', { name: 'Start Learning Today' });
    expect(cta.getAttribute('href')).toBe('/signup');
    expect(screen.queryByRole('heading', { name: 'Two modules, one clear path' })).toBeNull();
    expect(document.body.textContent).not.toContain(courseFixture.course.title);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('');
  });

  it('landing: an outline that cannot be read shows an error line, and Try again reads it', async () => {
    let calls = 0;
    renderApp({
      signedIn: false,
      ...withOutline(async () => {
        calls += 1;
        if (calls <= 2) throw Object.assign(new Error('down'), { code: 'network' });
        return otherCourse;
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The course details could not be loaded.');
    expect(screen.getByRole('link', { name: 'Start Learning Today' })).toBeTruthy();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen Hygiene Basics' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('syllabus: objectives, module durations and total time from the outline', async () => {
    renderApp({ path: '/syllabus', ...withOutline(async () => otherCourse) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Syllabus: Kitchen Hygiene Basics' }),
    ).toBeTruthy();
    expect(screen.getByText('1h 05m')).toBeTruthy();
    expect(screen.getByText('Wash your hands properly.')).toBeTruthy();
    expect(screen.getByText('Module 1: Handwashing')).toBeTruthy();
    expect(screen.getByText(formatDuration(20))).toBeTruthy();
    expect(screen.getByText(formatDuration(moduleDurationMinutes({ duration_minutes: null })))).toBeTruthy();
  });

  it('syllabus: the fixture course, as learner §9 states it', async () => {
    renderApp({ path: '/syllabus' });
    const { course, modules } = courseFixture;
    expect(await screen.findByRole('heading', { level: 1, name: `Syllabus: ${course.title}` })).toBeTruthy();
    expect(screen.getByText(course.syllabus_time)).toBeTruthy();
    for (const objective of course.objectives) expect(screen.getByText(objective.text)).toBeTruthy();
    for (const module of modules) {
      const item = screen.getByText(`Module ${module.id}: ${module.name}`).closest('li') as HTMLElement;
      expect(within(item).getByText(formatDuration(moduleDurationMinutes(module)))).toBeTruthy();
    }
  });

  it('about: the time texts from the outline', async () => {
    renderApp({ path: '/about', signedIn: false, ...withOutline(async () => otherCourse) });
    expect(await screen.findByText(/Allow an estimated 3-4 hours in total/)).toBeTruthy();
    expect(screen.getByText(/The syllabus reading time is\s+1h 05m/)).toBeTruthy();
    expect(screen.getByText(/about 5 minutes, no time limit/)).toBeTruthy();
    expect(screen.getByText('Clean hands, safe storage.', { exact: false })).toBeTruthy();
    // A course that does not say who it is for has no such section; the platform's words stand.
    expect(screen.queryByRole('heading', { name: 'Who it is for' })).toBeNull();
    expect(await screen.findByText(courseFixture.platform.about)).toBeTruthy();
    const mailbox = screen.getByRole('link', { name: courseFixture.platform.support_email });
    expect(mailbox.getAttribute('href')).toBe(`mailto:${courseFixture.platform.support_email}`);
  });

  it('about: who the course is for comes from the course', async () => {
    renderApp({
      path: '/about',
      signedIn: false,
      ...withOutline(async () => ({ ...otherCourse, audience: 'Kitchen staff and their supervisors.' })),
    });
    await screen.findByRole('heading', { name: 'Who it is for' });
    expect(screen.getByText('Kitchen staff and their supervisors.')).toBeTruthy();
    expect(document.body.textContent).not.toContain(courseFixture.course.audience!);
  });

  it('sign up: greets with the course title', async () => {
    renderApp({ path: '/signup', signedIn: false, ...withOutline(async () => otherCourse) });
    expect(await screen.findByText('Start the Kitchen Hygiene Basics course.')).toBeTruthy();
  });
});
