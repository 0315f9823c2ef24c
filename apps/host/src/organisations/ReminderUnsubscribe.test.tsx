import { createHttpAdapter } from '@coursekit/core/http';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../App';

// The reminder mails' link, /reminders/unsubscribe?token=…, on the HTTP adapter: a fetch that plays
// the API's two answers (api/src/organisations/reminders.test.ts holds the API to them) and records
// every request, so the test sees that opening the page reads and only the button posts.

const TOKEN = 'signed.reminder.token';

function fakeApi() {
  const calls: string[] = [];
  let off = false;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (url.pathname !== '/api/reminders/unsubscribe') return json(503, { error: { code: 'unavailable' } });
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (url.searchParams.get('token') !== TOKEN)
      return json(400, {
        error: {
          code: 'invalid_request',
          message: 'This link is not valid or has expired.',
          requestId: 'r1',
        },
      });
    if (method === 'POST') off = true;
    return json(200, {
      organisation: { slug: 'acme', name: 'Acme Facilities' },
      reminders: off ? 'off' : 'on',
    });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

function renderPage(token: string | null) {
  window.history.replaceState(null, '', `/reminders/unsubscribe${token ? `?token=${token}` : ''}`);
  const api = fakeApi();
  const adapter = createHttpAdapter({ baseUrl: 'http://site.test/api', fetch: api.fetch });
  render(<App adapter={adapter} />);
  return api;
}

describe('the reminder mails’ unsubscribe page', () => {
  it('says what stops, changes nothing on opening, and turns reminders off with its button', async () => {
    const api = renderPage(TOKEN);
    expect(await screen.findByRole('heading', { name: 'Reminder e-mails' })).toBeTruthy();
    expect(await screen.findByText(/You get reminder e-mails as a member of Acme Facilities/)).toBeTruthy();
    expect(api.calls).toEqual([`GET /api/reminders/unsubscribe?token=${TOKEN}`]);

    await userEvent.click(screen.getByRole('button', { name: 'Turn reminders off' }));
    expect((await screen.findByRole('status')).textContent ?? '').toBe(
      'Reminder e-mails from Acme Facilities are off. You will get no more of them.',
    );
    expect(api.calls).toEqual([
      `GET /api/reminders/unsubscribe?token=${TOKEN}`,
      `POST /api/reminders/unsubscribe?token=${TOKEN}`,
    ]);
  });

  it('shows the server’s message for a bad link, with no button', async () => {
    const api = renderPage('forged');
    expect((await screen.findByRole('alert')).textContent).toBe('This link is not valid or has expired.');
    expect(screen.queryByRole('button', { name: 'Turn reminders off' })).toBeNull();
    expect(api.calls).toEqual(['GET /api/reminders/unsubscribe?token=forged']);
  });

  it('asks for the mail’s link when the address has no token', async () => {
    const api = renderPage(null);
    expect((await screen.findByRole('alert')).textContent).toContain('This link has no reminder in it.');
    expect(api.calls).toEqual([]);
  });
});
