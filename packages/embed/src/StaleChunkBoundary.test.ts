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
  document.body.replaceChildren();
});

/** A tab's sessionStorage as one page sees it: a reloaded page gets a new object, the same items. */
const pageStorage = (items: Map<string, string>) => ({
  getItem: (k: string) => items.get(k) ?? null,
  setItem: (k: string, v: string) => void items.set(k, v),
});

function mount(reload: () => void, storage: ReturnType<typeof pageStorage>) {
  const container = document.createElement('div');
  document.body.append(container);
  const Screen = lazy(chunkGone);
  createRoot(container).render(
    createElement(
      StaleChunkBoundary,
      { reload: { reload, storage } },
      createElement(Suspense, { fallback: null }, createElement(Screen)),
    ),
  );
}

describe('the embedded player after the partner’s page is deployed again', () => {
  it('reloads the page once when a lazy screen’s chunk is gone, and not in a loop', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const tab = new Map<string, string>();
    const reload = vi.fn();
    mount(reload, pageStorage(tab));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(tab.get(STALE_CHUNK_RELOAD_KEY)).toBeDefined();

    // The page after the reload fails the same way: the error is reported, the page stays.
    const again = vi.fn();
    mount(again, pageStorage(tab));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('CourseKit: the player could not be shown', expect.any(TypeError)),
    );
    expect(again).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
