import { adminMessages } from '@coursekit/core';
import { useId } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import { useCleanupLog, useCleanupOrphans } from './trackingQueries';

/** admin §9: the log shows the last 50 entries. */
const LOG_LIMIT = 50;

/** Removes orphaned progress (records whose lesson is gone) and shows the cleanup log. */
export function TrackingMaintenanceTab() {
  const toast = useToast();
  const cleanup = useCleanupOrphans();
  const log = useCleanupLog();
  const headingId = useId();

  async function run() {
    try {
      const result = await cleanup.mutateAsync();
      if (!result.success) {
        toast({ title: adminMessages.cleanupFailedTitle, variant: 'error' });
        return;
      }
      toast({
        title: 'Cleanup complete',
        description: `Removed ${result.cleaned_records} orphaned progress ${result.cleaned_records === 1 ? 'record' : 'records'}.`,
      });
    } catch (e) {
      toast({ title: adminMessages.cleanupFailedTitle, description: (e as Error).message, variant: 'error' });
    }
  }

  return (
    <div className={s.stack}>
      <div>
        <ConfirmDialog
          trigger={
            <button type="button" className={s.button.danger} disabled={cleanup.isPending}>
              {cleanup.isPending ? 'Cleaning up...' : 'Clean Up Orphaned Progress'}
            </button>
          }
          title="Clean up orphaned progress?"
          description="Progress records whose lesson no longer exists will be deleted."
          confirmLabel="Clean Up"
          onConfirm={() => void run()}
        />
      </div>
      <section className={s.stack} aria-labelledby={headingId}>
        <h4 id={headingId} className={s.subheading}>
          Cleanup Log
        </h4>
        {log.isError ? (
          <p className={s.muted} role="alert">
            {log.error.message}
          </p>
        ) : !log.data ? (
          <p className={s.muted}>Loading the cleanup log...</p>
        ) : log.data.length === 0 ? (
          <p className={s.muted}>No cleanups yet.</p>
        ) : (
          <ul className={s.list}>
            {log.data.slice(0, LOG_LIMIT).map((entry) => (
              <li key={entry.id} className={s.card}>
                <div className={s.spread}>
                  <strong>{entry.cleanup_type}</strong>
                  <span className={s.muted}>{new Date(entry.performed_at).toLocaleString()}</span>
                </div>
                <p className={s.text}>
                  {entry.reason}
                  {entry.records_affected !== undefined ? ` · ${entry.records_affected} records` : null}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
