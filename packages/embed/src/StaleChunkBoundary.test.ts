// @vitest-environment jsdom

import { STALE_CHUNK_RELOAD_KEY } from '@coursekit/core';
import { waitFor } from '@testing-library/dom';
import { createElement, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaleChunkBoundary } from './StaleChunkBoundary';

const chunkGone = () =>
  Promise.reject(
    new TypeError(
      'Failed to fetch dynamically imported module: https://partner.example/assets/Quiz-1a2b3c4d.js',
    ),
  );

afterEach(() => {
  sessionStorage.clear();
  document.body.replaceChildren();
});

function mount(reload: () => void) {
  const container = document.createElement('div');
  document.body.append(container);
  const Screen = lazy(chunkGone);
  createRoot(container).render(
    createElement(
      StaleChunkBoundary,
      { reload: { reload } },
      createElement(Suspense, { fallback: null }, createElement(Screen)),
    ),
  );
}

describe('the embedded player after the partner’s page is deployed again', () => {
  it('reloads the page once when a lazy screen’s chunk is gone, and not in a loop', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    mount(reload);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(STALE_CHUNK_RELOAD_KEY)).not.toBeNull();

    // The page after the reload fails the same way: the error is reported, the page stays.
    const again = vi.fn();
    mount(again);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('CourseKit: the player could not be shown', expect.any(TypeError)),
    );
    expect(again).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
