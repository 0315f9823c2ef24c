import type { ReminderLink } from '@coursekit/core';
import {
  acceptOrganisationInvitation,
  createHttpOrganisation,
  readReminderLink,
  turnRemindersOff,
} from '@coursekit/core/http';
import { CourseProvider, OrganisationConsole } from '@coursekit/react/organisation';
import { Link, useParams, useRouter, useSearch } from '@tanstack/react-router';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { hostQueryClient } from '../learner/hostQueryClient';
import { useSession } from '../session/SessionProvider';
import { organisationTexts as t } from './organisationTexts';

// /organisations/{organisationId}: the managers' console for a signed-in manager (the server refuses
// anyone else, and the console says so); /accept-invitation?token=…: the invitation mail's link;
// /reminders/unsubscribe?token=…: the reminder mails' link to turn them off.

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

export function OrganisationConsoleScreen() {
  const { organisationId } = useParams({ strict: false }) as { organisationId: string };
  const { adapter } = useSession();
  const router = useRouter();
  const onNavigate = useCallback((path: string) => void router.navigate({ href: path }), [router]);
  const organisation = useMemo(
    () => createHttpOrganisation(adapter, organisationId),
    [adapter, organisationId],
  );
  return (
    <div className="organisation">
      <h1>{t.consoleHeading}</h1>
      <CourseProvider adapter={adapter} queryClient={hostQueryClient} onNavigate={onNavigate}>
        <OrganisationConsole adapter={organisation} />
      </CourseProvider>
    </div>
  );
}

export function AcceptInvitationScreen() {
  const { token } = useSearch({ strict: false }) as { token?: string };
  const { adapter } = useSession();
  const id = useId();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    setBusy(true);
    setProblem('');
    try {
      const accepted = await acceptOrganisationInvitation(adapter, {
        token,
        ...(password ? { password } : {}),
        ...(name.trim() ? { name: name.trim() } : {}),
      });
      const values = { organisation: accepted.organisation.name, email: accepted.email };
      setDone(fill(accepted.account === 'created' ? t.acceptedCreated : t.acceptedLinked, values));
    } catch (error) {
      // What was typed stays, so the person can correct it and try again.
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="accept-invitation">
      <h1>{t.acceptHeading}</h1>
      {!token ? (
        <p role="alert">{t.acceptNoToken}</p>
      ) : done ? (
        <>
          <p role="status">{done}</p>
          <Link to="/signin">{t.signIn}</Link>
        </>
      ) : (
        <form onSubmit={submit} aria-describedby={`${id}-intro`}>
          <p id={`${id}-intro`}>{t.acceptIntro}</p>
          <label>
            {t.acceptName}
            <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
          </label>
          <label>
            {t.acceptPassword}
            <input
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="new-password"
            />
          </label>
          {problem && <p role="alert">{problem}</p>}
          <button type="submit" disabled={busy}>
            {busy ? t.acceptSending : t.acceptSubmit}
          </button>
        </form>
      )}
    </div>
  );
}

/**
 * The reminder mails' unsubscribe link: says which organisation's e-mails would stop and what stays,
 * and turns them off only when the button is pressed (opening the page, as a mail scanner does,
 * changes nothing).
 */
export function ReminderUnsubscribeScreen() {
  const { token } = useSearch({ strict: false }) as { token?: string };
  const { adapter } = useSession();
  const [link, setLink] = useState<ReminderLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!token) return;
    let active = true;
    readReminderLink(adapter, token).then(
      (read) => active && setLink(read),
      (error: unknown) => active && setProblem(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      active = false;
    };
  }, [adapter, token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    setBusy(true);
    setProblem('');
    try {
      const done = await turnRemindersOff(adapter, token);
      setLink({ organisation: done.organisation, reminders: done.reminders });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const values: Record<string, string> = link ? { organisation: link.organisation.name } : {};
  return (
    <div className="reminder-unsubscribe">
      <h1>{t.remindersHeading}</h1>
      {!token ? (
        <p role="alert">{t.remindersNoToken}</p>
      ) : link?.reminders === 'off' ? (
        <p role="status">{fill(t.remindersOff, values)}</p>
      ) : link ? (
        <form onSubmit={submit}>
          <p>{fill(t.remindersWhatStops, values)}</p>
          <p>{fill(t.remindersStays, values)}</p>
          {problem && <p role="alert">{problem}</p>}
          <button type="submit" disabled={busy}>
            {busy ? t.remindersSending : t.remindersSubmit}
          </button>
        </form>
      ) : problem ? (
        <p role="alert">{problem}</p>
      ) : (
        <p role="status">{t.remindersReading}</p>
      )}
    </div>
  );
}
