import type { DraftFile, StudioAdapter } from '@coursekit/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useDraftFile } from './useDraftFile';

const FILE: DraftFile = { path: 'course.json', text: '{"modules":[]}\n', revision: 3 } as DraftFile;

/** A studio whose save answers the next revision, and records what it was sent. */
function studioSaving() {
  const save = vi.fn(async (_course: string, path: string, body: { text: string }, revision: number) => ({
    ...FILE,
    path,
    text: body.text,
    revision: revision + 1,
  }));
  return { studio: { save } as unknown as StudioAdapter, save };
}

describe('a draft file in the studio', () => {
  it('sends an edit still waiting for its autosave when the author leaves the file', async () => {
    const { studio, save } = studioSaving();
    const onSaved = vi.fn();
    const view = renderHook(() => useDraftFile(studio, 'c', FILE, { delayMs: 60_000, onSaved }));
    act(() => view.result.current.edit('{"modules":[{"id":1}]}\n'));
    expect(save).not.toHaveBeenCalled();
    view.unmount();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith('c', 'course.json', { text: '{"modules":[{"id":1}]}\n' }, 3);
  });

  it('sends nothing when the author leaves a file with nothing waiting', () => {
    const { studio, save } = studioSaving();
    const view = renderHook(() => useDraftFile(studio, 'c', FILE, { delayMs: 60_000 }));
    view.unmount();
    expect(save).not.toHaveBeenCalled();
  });
});
