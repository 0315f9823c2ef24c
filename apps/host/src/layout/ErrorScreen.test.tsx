import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from './ErrorScreen';

let fail = true;
function Flaky() {
  if (fail) throw new Error('Database connection failed');
  return <h1>Back again</h1>;
}

afterEach(() => vi.restoreAllMocks());

describe('the error screen (learner §2)', () => {
  it("shows 'Something went wrong' with the message, and Try Again renders the page again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fail = true;
    const root = createRootRoute();
    const page = createRoute({ getParentRoute: () => root, path: '/', component: Flaky });
    const router = createRouter({
      routeTree: root.addChildren([page]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
      defaultErrorComponent: ErrorScreen,
    });
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Database connection failed')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeTruthy();
  });
});
