import type { JobStatus } from '@coursekit/core';
import { useCallback, useRef, useState } from 'react';

export type ImageJobState<T> =
  | { phase: 'idle' }
  | { phase: 'running'; progress: number }
  | { phase: 'done'; progress: 100; result: T }
  | { phase: 'error'; progress: number; error: Error };

/**
 * admin §4's image-tool states: idle → running with progress → done or error. Progress comes from
 * the adapter's onProgress (analysis 25/50/75/100, validation 20/100, correction 30/100).
 */
export function useImageJob<T>(run: (onProgress: (job: JobStatus) => void) => Promise<T>) {
  const [state, setState] = useState<ImageJobState<T>>({ phase: 'idle' });
  // A late progress report from a finished job must not turn 'done' back into 'running'.
  const active = useRef(0);

  const start = useCallback(async (): Promise<ImageJobState<T>> => {
    const id = ++active.current;
    let progress = 0;
    setState({ phase: 'running', progress });
    try {
      const result = await run((job) => {
        if (id !== active.current) return;
        progress = job.progress;
        setState((prev) => (prev.phase === 'running' ? { phase: 'running', progress } : prev));
      });
      const done: ImageJobState<T> = { phase: 'done', progress: 100, result };
      if (id === active.current) setState(done);
      return done;
    } catch (e) {
      const failed: ImageJobState<T> = {
        phase: 'error',
        progress,
        error: e instanceof Error ? e : new Error(String(e)),
      };
      if (id === active.current) setState(failed);
      return failed;
    }
  }, [run]);

  return { state, start };
}
