import type { AdminAdapter, JobStatus } from '@coursekit/core';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import * as s from '../../ui/styles.css';
import { type ToastMessage, useToast } from '../../ui/toast';
import { useAdmin } from '../useAdmin';
import { JobProgress } from './JobProgress';
import { type ImageJobState, useImageJob } from './useImageJob';

export interface ImageJobTabProps<T> {
  /** What the job does, above its button. */
  description: ReactNode;
  /** The adapter's call that runs the job, reporting its progress. */
  job: (admin: AdminAdapter, onProgress: (job: JobStatus) => void) => Promise<T>;
  /** The button's words, idle and while the job runs. */
  button: { idle: string; running: string };
  /** The job's name in the progress line ("Validation running: 20%"). */
  progressLabel: string;
  /** The toast the job's end shows (null: none). */
  endToast: (end: Exclude<ImageJobState<T>, { phase: 'idle' | 'running' }>) => ToastMessage | null;
  /** When given, the button asks this first (a job that changes content). */
  confirm?: { title: string; description: string; confirmLabel: string };
  /** What the finished job found. */
  summary: (result: T) => ReactNode;
}

/** One tab of Enhanced Image URL Management: a job's description, its button, progress, toast and summary. */
export function ImageJobTab<T>({
  description,
  job,
  button,
  progressLabel,
  endToast,
  confirm,
  summary,
}: ImageJobTabProps<T>) {
  const admin = useAdmin();
  const toast = useToast();
  const { state, start } = useImageJob((onProgress) => job(admin, onProgress));
  const running = state.phase === 'running';

  async function run() {
    const end = await start();
    if (end.phase !== 'done' && end.phase !== 'error') return;
    const message = endToast(end);
    if (message) toast(message);
  }

  return (
    <div className={s.stack}>
      <p className={s.muted}>{description}</p>
      <div>
        {confirm ? (
          <ConfirmDialog
            trigger={
              <button type="button" className={s.button.primary} disabled={running}>
                {running ? button.running : button.idle}
              </button>
            }
            title={confirm.title}
            description={confirm.description}
            confirmLabel={confirm.confirmLabel}
            onConfirm={() => void run()}
          />
        ) : (
          <button type="button" className={s.button.primary} disabled={running} onClick={() => void run()}>
            {running ? button.running : button.idle}
          </button>
        )}
      </div>
      <JobProgress state={state} label={progressLabel} />
      {state.phase === 'done' ? summary(state.result) : null}
    </div>
  );
}
