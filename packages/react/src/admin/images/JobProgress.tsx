import { ProgressBar } from '../../ui/ProgressBar';
import * as s from '../../ui/styles.css';
import type { ImageJobState } from './useImageJob';

/** The running job's bar and a polite status line, so screen readers hear each step. */
export function JobProgress({ state, label }: { state: ImageJobState<unknown>; label: string }) {
  if (state.phase === 'idle') return null;
  const status =
    state.phase === 'running'
      ? `${label} running: ${state.progress}%`
      : state.phase === 'done'
        ? `${label} complete`
        : `${label} failed: ${state.error.message}`;
  return (
    <div className={s.stack}>
      <ProgressBar value={state.progress} label={`${label} progress`} />
      <p className={s.muted} role="status">
        {status}
      </p>
    </div>
  );
}
