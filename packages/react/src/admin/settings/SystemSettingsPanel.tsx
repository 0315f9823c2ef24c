import {
  adminMessages,
  normalizeSystemMessage,
  type SystemMessageType,
  type SystemSettings,
} from '@coursekit/core';
import * as Switch from '@radix-ui/react-switch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { courseKeys } from '../../queries/courseKeys';
import { useSettings } from '../../queries/courseQueries';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { useAdmin } from '../useAdmin';
import { useLiveDraft } from './useLiveDraft';

const TYPES: SystemMessageType[] = ['info', 'warning', 'error', 'success'];

/**
 * admin §2 System Settings panel: maintenance switch, system message and its type, debug info. It
 * follows the live settings, so another admin's change shows here too; but what the admin has
 * typed is never replaced by a live update: a stored value that changed meanwhile is shown beside
 * the field, with a button to take it.
 */
export function SystemSettingsPanel() {
  const admin = useAdmin();
  const client = useQueryClient();
  const toast = useToast();
  const id = useId();
  const settings = useSettings();
  const message = useLiveDraft(settings.data?.system_message ?? '');
  const type = useLiveDraft<SystemMessageType>(settings.data?.system_message_type ?? 'info');
  const [optimistic, setOptimistic] = useState<boolean | null>(null);

  const store = (next: SystemSettings) => client.setQueryData(courseKeys.settings(), next);
  const maintenance = useMutation({
    // admin §4: off also clears the message and resets its type; sent explicitly so any adapter agrees
    mutationFn: (on: boolean) =>
      admin.settings.update(
        on
          ? { maintenance_mode: true }
          : { maintenance_mode: false, system_message: null, system_message_type: 'info' },
      ),
    onSuccess: store,
    onError: () => toast({ title: adminMessages.maintenanceUpdateFailed, variant: 'error' }),
  });
  const saveMessage = useMutation({
    mutationFn: () =>
      admin.settings.update({
        system_message: normalizeSystemMessage(message.value),
        system_message_type: type.value,
      }),
    onSuccess: (next) => {
      store(next);
      message.reset();
      type.reset();
      toast({ title: 'System message saved' });
    },
    onError: () => toast({ title: adminMessages.systemMessageUpdateFailed, variant: 'error' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveMessage.mutate();
  };
  // While a switch write is on its way, the switch shows where it is going (set in the click itself,
  // so it flips at once); the settings it answers, or the old ones on failure, take over after.
  const on = optimistic ?? settings.data?.maintenance_mode === true;

  return (
    <section className={s.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={s.subheading}>
        System Settings
      </h3>
      {settings.isError ? (
        <p className={a.fieldError} role="alert">
          {adminMessages.settingsLoadFailed}
        </p>
      ) : null}
      <div className={s.row}>
        <Switch.Root
          id={`${id}-maintenance`}
          className={a.switchRoot}
          checked={on}
          disabled={!settings.data || maintenance.isPending}
          onCheckedChange={(next) => {
            setOptimistic(next);
            maintenance.mutate(next, { onSettled: () => setOptimistic(null) });
          }}
        >
          <Switch.Thumb className={a.switchThumb} />
        </Switch.Root>
        <label htmlFor={`${id}-maintenance`}>Maintenance mode</label>
      </div>
      <p className={a.small}>While it is on, only admins can use the site.</p>
      <form className={s.stack} onSubmit={submit}>
        <div className={a.field}>
          <label htmlFor={`${id}-message`}>System message</label>
          <textarea
            id={`${id}-message`}
            className={a.input}
            rows={3}
            value={message.value}
            onChange={(event) => message.set(event.target.value)}
            {...(message.changedMeanwhile !== undefined
              ? { 'aria-describedby': `${id}-message-changed` }
              : {})}
          />
          {message.changedMeanwhile !== undefined ? (
            <ChangedMeanwhile
              id={`${id}-message-changed`}
              text={
                message.changedMeanwhile === ''
                  ? 'The stored message was cleared meanwhile.'
                  : `The stored message changed meanwhile to “${message.changedMeanwhile}”.`
              }
              action="Use the stored message"
              onTake={message.reset}
            />
          ) : null}
        </div>
        <div className={a.field}>
          <label htmlFor={`${id}-type`}>Message type</label>
          <select
            id={`${id}-type`}
            className={s.select}
            value={type.value}
            onChange={(event) => type.set(event.target.value as SystemMessageType)}
            {...(type.changedMeanwhile !== undefined ? { 'aria-describedby': `${id}-type-changed` } : {})}
          >
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          {type.changedMeanwhile !== undefined ? (
            <ChangedMeanwhile
              id={`${id}-type-changed`}
              text={`The stored type changed meanwhile to ${type.changedMeanwhile}.`}
              action="Use the stored type"
              onTake={type.reset}
            />
          ) : null}
        </div>
        <div>
          <button
            type="submit"
            className={s.button.primary}
            disabled={saveMessage.isPending || !settings.data}
          >
            {saveMessage.isPending ? 'Saving...' : 'Save Message'}
          </button>
        </div>
      </form>
      <h4 className={a.small}>Debug info</h4>
      <pre className={a.code}>{JSON.stringify(settings.data ?? null, null, 2)}</pre>
    </section>
  );
}

/** Beside a field the admin is editing: the stored value changed meanwhile; their text stays. */
function ChangedMeanwhile({
  id,
  text,
  action,
  onTake,
}: {
  id: string;
  text: string;
  action: string;
  onTake: () => void;
}) {
  return (
    <p id={id} className={a.small} role="status">
      {text}{' '}
      <button type="button" className={s.button.link} onClick={onTake}>
        {action}
      </button>
    </p>
  );
}
