import { adminMessages } from '@coursekit/core';
import { type FormEvent, useId, useState } from 'react';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import { useSelectableUsers } from '../user-progress/userProgressQueries';
import { useMigrateProgress } from './trackingQueries';

/** Moves one learner's legacy progress records to stable tracking (migrateProgressToStable). */
export function TrackingProgressTab() {
  const toast = useToast();
  const users = useSelectableUsers();
  const migrate = useMigrateProgress();
  const selectId = useId();
  const inputId = useId();
  const [userId, setUserId] = useState('');
  const target = userId.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target) {
      toast({
        title: adminMessages.migrationFailedTitle,
        description: adminMessages.noUserSelected,
        variant: 'error',
      });
      return;
    }
    try {
      const result = await migrate.mutateAsync(target);
      if (!result.success) {
        toast({ title: adminMessages.migrationFailedTitle, variant: 'error' });
        return;
      }
      toast({
        title: 'Migration complete',
        description: `Migrated ${result.migrated_records} progress ${result.migrated_records === 1 ? 'record' : 'records'} to stable tracking.`,
      });
    } catch (e) {
      toast({
        title: adminMessages.migrationFailedTitle,
        description: (e as Error).message,
        variant: 'error',
      });
    }
  }

  return (
    <form className={s.stack} onSubmit={(e) => void submit(e)}>
      <p className={s.muted}>
        Links a learner's legacy progress records to stable lesson keys, so content reloads keep their
        progress.
      </p>
      <div className={s.row}>
        <label htmlFor={selectId} className={s.text}>
          User
        </label>
        <select
          id={selectId}
          className={s.select}
          value={users.data?.some((u) => u.user_id === target) ? target : ''}
          onChange={(e) => setUserId(e.target.value)}
        >
          <option value="">Select a user</option>
          {(users.data ?? []).map((u) => (
            <option key={u.user_id} value={u.user_id}>
              {u.display_name ?? adminMessages.unknownUser} ({u.user_id.slice(0, 8)})
            </option>
          ))}
        </select>
      </div>
      <div className={s.row}>
        <label htmlFor={inputId} className={s.text}>
          User ID
        </label>
        <input
          id={inputId}
          className={s.select}
          value={userId}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setUserId(e.target.value)}
        />
      </div>
      <div>
        <button type="submit" className={s.button.primary} disabled={migrate.isPending}>
          {migrate.isPending ? 'Migrating...' : 'Migrate to Stable Tracking'}
        </button>
      </div>
    </form>
  );
}
