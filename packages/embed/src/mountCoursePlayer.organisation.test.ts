// @vitest-environment jsdom

import { createHandlers, createMemoryStore, DEMO_LEARNER, scenarioOptions } from '@coursekit/mocks';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineCoursePlayerElement } from './courseElement';

// The embed themed as an organisation: `organisation="slug"` reads its public face from the API
// and the player takes its colours and fonts; the page's own `theme` tokens win.

const apiUrl = 'http://api.test/api';
const store = createMemoryStore({ ...scenarioOptions['mid-course'], admin: { organisations: 'demo' } });
const server = setupServer(...createHandlers(store, { baseUrl: apiUrl }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

async function player(attributes: Record<string, string>) {
  defineCoursePlayerElement();
  const element = document.createElement('course-player') as HTMLElement & { getAccessToken?: () => string };
  element.getAccessToken = () => DEMO_LEARNER.accessToken;
  element.setAttribute('api-url', apiUrl);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  const shadow = element.shadowRoot!;
  // The player has rendered its course (its widget root holds the course's title).
  await vi.waitFor(
    () => expect(shadow.querySelector('.coursekit')?.textContent).toContain(store.outline().title),
    {
      timeout: 10_000,
    },
  );
  const root = () => shadow.querySelector<HTMLElement>('.coursekit')!;
  return { element, root };
}

describe('<course-player organisation="…">', { timeout: 30_000 }, () => {
  it('takes the organisation’s colours and font', async () => {
    const { root } = await player({ organisation: 'acme-facilities' });
    await vi.waitFor(() => expect(root().style.getPropertyValue('--ck-color-brand')).toBe('#0b6e4f'));
    expect(root().style.getPropertyValue('--ck-color-brand-contrast')).toBe('#ffffff');
    expect(root().style.getPropertyValue('--ck-font-body')).toBe("'Source Sans 3', sans-serif");
  });

  it('lets the page’s own theme tokens win over the organisation’s', async () => {
    const { root } = await player({
      organisation: 'acme-facilities',
      theme: JSON.stringify({ color: { brand: '#7c2d12' } }),
    });
    await vi.waitFor(() =>
      expect(root().style.getPropertyValue('--ck-color-brand-contrast')).toBe('#ffffff'),
    );
    expect(root().style.getPropertyValue('--ck-color-brand')).toBe('#7c2d12');
  });

  it('keeps the default theme for a suspended or unknown organisation, and says so in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const slug of ['bravo-works', 'no-such-organisation']) {
      const { root, element } = await player({ organisation: slug });
      await vi.waitFor(() =>
        expect(warn).toHaveBeenCalledWith(
          `CourseKit: no active organisation "${slug}"; the default theme stays`,
        ),
      );
      expect(root().style.getPropertyValue('--ck-color-brand')).toBe('');
      element.remove();
    }
    warn.mockRestore();
  });
});
