// @vitest-environment jsdom

import type { CourseEvent } from '@coursekit/core';
import { createHandlers, createMemoryAdapter, createMemoryStore, DEMO_LEARNER } from '@coursekit/mocks';
import { findByRole, findByText } from '@testing-library/dom';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineCoursePlayerElement } from './courseElement';
import { type MountedPlayer, mountCoursePlayer } from './mountCoursePlayer';

// The embed shows the course it is given by slug, and says which course in its events.

const apiUrl = 'http://api.test/api';
const store = createMemoryStore('mid-course');
const slug = store.outline().slug;
const server = setupServer(...createHandlers(store, { baseUrl: apiUrl }));
const asked: string[] = [];
server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const mounted: MountedPlayer[] = [];
afterEach(() => {
  for (const player of mounted.splice(0)) player.unmount();
  document.body.replaceChildren();
  asked.length = 0;
  localStorage.clear();
});

function courseElement(course: string) {
  defineCoursePlayerElement();
  const element = document.createElement('course-player') as HTMLElement & {
    getAccessToken?: () => string;
  };
  element.getAccessToken = () => DEMO_LEARNER.accessToken;
  element.setAttribute('api-url', apiUrl);
  element.setAttribute('course', course);
  document.body.append(element);
  return { element, shadow: element.shadowRoot as unknown as HTMLElement };
}

describe('<course-player course="…">', () => {
  it('asks the API for that course’s data under /courses/{slug}/…', async () => {
    const { shadow } = courseElement(slug);
    expect(await findByRole(shadow, 'heading', { name: store.outline().title })).toBeTruthy();
    const courseCalls = asked.filter((path) => /\/(modules|progress|outline|quizzes)$/.test(path));
    expect(courseCalls.length).toBeGreaterThan(0);
    expect(courseCalls.every((path) => path.startsWith(`/api/courses/${slug}/`))).toBe(true);
  });

  it('a new course attribute is a new player on that course', async () => {
    const { element, shadow } = courseElement('no-such-course');
    expect(await findByText(shadow, 'Course "no-such-course" does not exist')).toBeTruthy();
    asked.length = 0;
    element.setAttribute('course', slug);
    expect(await findByRole(shadow, 'heading', { name: store.outline().title })).toBeTruthy();
    expect(asked).toContain(`/api/courses/${slug}/progress`);
    expect(asked.some((path) => path.includes('no-such-course'))).toBe(false);
  });
});

describe('mountCoursePlayer events', () => {
  it('every event names the course it happened in, and null for the default course', async () => {
    const events: CourseEvent[] = [];
    const demo = createMemoryStore('new-learner');
    const seen = vi.fn((event: CourseEvent) => events.push(event));
    const withCourse = document.body.appendChild(document.createElement('div'));
    const withoutCourse = document.body.appendChild(document.createElement('div'));
    const dom: CourseEvent[] = [];
    withCourse.addEventListener('coursekit:maintenanceChanged', (e) =>
      dom.push((e as CustomEvent<CourseEvent>).detail),
    );
    mounted.push(
      mountCoursePlayer(withCourse, { adapter: createMemoryAdapter(demo), course: 'cobie', onEvent: seen }),
      mountCoursePlayer(withoutCourse, { adapter: createMemoryAdapter(demo), onEvent: seen }),
    );
    // each player has read the settings once it shows the dashboard
    await findByRole(withCourse.shadowRoot as unknown as HTMLElement, 'heading', { name: 'Getting Started' });
    await findByRole(withoutCourse.shadowRoot as unknown as HTMLElement, 'heading', {
      name: 'Getting Started',
    });
    demo.setSettings({ maintenance_mode: true });
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events.map((e) => [e.type, e.course])).toEqual(
      expect.arrayContaining([
        ['maintenanceChanged', 'cobie'],
        ['maintenanceChanged', null],
      ]),
    );
    expect(dom).toEqual([expect.objectContaining({ type: 'maintenanceChanged', course: 'cobie' })]);
  });
});
