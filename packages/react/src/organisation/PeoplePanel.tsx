import type { OrgImportResult, OrgPerson } from '@coursekit/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import * as a from '../admin/admin.css';
import { formatString } from '../strings/formatString';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ErrorState, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { messageOf, organisationKeys, useOrganisation, useOrganisationStrings } from './organisationContext';

/** Inviting one person by e-mail: the fields stay as typed when the call fails. */
function InviteForm({ onDone }: { onDone: (message: string) => void }) {
  const organisation = useOrganisation();
  const t = useOrganisationStrings();
  const queryClient = useQueryClient();
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<'learner' | 'manager'>('learner');
  const invite = useMutation({
    mutationFn: () => organisation.invite({ email, ...(name.trim() ? { name } : {}), role }),
    onSuccess: async (invitation) => {
      setEmail('');
      setName('');
      onDone(formatString(t.invited, { email: invitation.email }));
      await queryClient.invalidateQueries({ queryKey: organisationKeys.all(organisation.organisationId) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  return (
    <form className={s.card} onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className={s.subheading}>
        {t.inviteHeading}
      </h3>
      <div className={s.row}>
        <label className={a.field}>
          {t.inviteEmail}
          <input
            className={a.input}
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={invite.isError || undefined}
            aria-describedby={invite.isError ? `${id}-e` : undefined}
          />
        </label>
        <label className={a.field}>
          {t.inviteName}
          <input className={a.input} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className={a.field}>
          {t.inviteRole}
          <select className={s.select} value={role} onChange={(e) => setRole(e.target.value as 'learner')}>
            <option value="learner">{t.roleLearner}</option>
            <option value="manager">{t.roleManager}</option>
          </select>
        </label>
      </div>
      {invite.isError && (
        <p id={`${id}-e`} role="alert" className={a.fieldError}>
          {messageOf(invite.error)}
        </p>
      )}
      <div>
        <button type="submit" className={s.button.primary} disabled={invite.isPending}>
          {invite.isPending ? t.inviteSending : t.inviteSubmit}
        </button>
      </div>
    </form>
  );
}

/** The bulk invitation: a dry run that lists each row's outcome, then the invitations once confirmed. */
function ImportForm({ onDone }: { onDone: (message: string) => void }) {
  const organisation = useOrganisation();
  const t = useOrganisationStrings();
  const queryClient = useQueryClient();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<OrgImportResult | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [missing, setMissing] = useState(false);
  const check = useMutation({
    mutationFn: (chosen: File) => organisation.importPeople(chosen, 'preview'),
    onSuccess: setPreview,
  });
  const apply = useMutation({
    mutationFn: (chosen: File) => organisation.importPeople(chosen, 'apply'),
    onSuccess: async (result) => {
      setPreview(null);
      setFile(null);
      setInputKey((k) => k + 1);
      onDone(
        formatString(t.importApplied, { invite: result.counts.invite, noChange: result.counts.no_change }),
      );
      await queryClient.invalidateQueries({ queryKey: organisationKeys.all(organisation.organisationId) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!file);
    if (file) check.mutate(file);
  };
  const failure = check.error ?? apply.error;
  const outcome = (kind: 'invite' | 'no_change' | 'error', message?: string) =>
    kind === 'error' ? message : kind === 'invite' ? t.outcomeInvite : t.outcomeNoChange;
  return (
    <form className={s.card} onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className={s.subheading}>
        {t.importHeading}
      </h3>
      <p className={s.muted} id={`${id}-help`}>
        {t.importHelp}
      </p>
      <label className={a.field}>
        {t.importFile}
        <input
          key={inputKey}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-help`}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setPreview(null);
            setMissing(false);
          }}
        />
      </label>
      {missing && (
        <p role="alert" className={a.fieldError}>
          {t.importChooseFirst}
        </p>
      )}
      {failure && (
        <p role="alert" className={a.fieldError}>
          {messageOf(failure)}
        </p>
      )}
      {preview?.error && (
        <p role="alert" className={a.fieldError}>
          {preview.error}
        </p>
      )}
      {!preview && (
        <div>
          <button type="submit" className={s.button.secondary} disabled={check.isPending}>
            {t.importPreview}
          </button>
        </div>
      )}
      {preview && !preview.error && (
        <div className={s.stack}>
          <p className={s.text} role="status">
            {formatString(t.importSummary, {
              invite: preview.counts.invite,
              noChange: preview.counts.no_change,
              error: preview.counts.error,
            })}
          </p>
          <div className={a.tableWrap}>
            <table className={a.table}>
              <caption className={s.visuallyHidden}>{t.importPreviewCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.importLine}</th>
                  <th scope="col">{t.importEmail}</th>
                  <th scope="col">{t.importOutcome}</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.line} data-kind={row.kind}>
                    <td>{row.line}</td>
                    <td>{row.email}</td>
                    <td className={row.kind === 'error' ? a.fieldError : undefined}>
                      {outcome(row.kind, row.message)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={s.row}>
            {preview.counts.invite > 0 ? (
              <button
                type="button"
                className={s.button.primary}
                disabled={apply.isPending}
                onClick={() => file && apply.mutate(file)}
              >
                {formatString(t.importApply, { count: preview.counts.invite })}
              </button>
            ) : (
              <p className={s.muted}>{t.importNoneToInvite}</p>
            )}
            <button
              type="button"
              className={s.button.secondary}
              onClick={() => {
                setPreview(null);
                setFile(null);
                setInputKey((k) => k + 1);
              }}
            >
              {t.importCancel}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}

function PersonRow({ person, onRemoved }: { person: OrgPerson; onRemoved: (message: string) => void }) {
  const organisation = useOrganisation();
  const t = useOrganisationStrings();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => organisation.removePerson(person.user_id),
    onSuccess: async () => {
      onRemoved(formatString(t.removed, { email: person.email }));
      await queryClient.invalidateQueries({ queryKey: organisationKeys.all(organisation.organisationId) });
    },
    onError: (error) => onRemoved(messageOf(error)),
  });
  return (
    <tr>
      <td>{person.email}</td>
      <td>{person.display_name ?? t.none}</td>
      <td>{person.role === 'manager' ? t.roleManager : t.roleLearner}</td>
      <td>{person.groups.join(', ') || t.none}</td>
      <td>
        <ConfirmDialog
          trigger={
            <button
              type="button"
              className={`${s.button.secondary} ${a.smallButton}`}
              aria-label={formatString(t.removeLabel, { email: person.email })}
              disabled={remove.isPending}
            >
              {t.remove}
            </button>
          }
          title={formatString(t.removeTitle, { email: person.email })}
          description={formatString(t.removeDescription, { email: person.email })}
          confirmLabel={t.removeConfirm}
          onConfirm={() => remove.mutate()}
        />
      </td>
    </tr>
  );
}

/** The People tab: invite one, invite from a CSV, the people (search, remove), the invitations. */
export function PeoplePanel() {
  const organisation = useOrganisation();
  const t = useOrganisationStrings();
  const [search, setSearch] = useState('');
  const [notice, setNotice] = useState('');
  const uid = useId();
  const id = organisation.organisationId;
  const people = useQuery({
    queryKey: organisationKeys.people(id, search.trim()),
    queryFn: () => organisation.people({ search: search.trim(), pageSize: 100 }),
    placeholderData: keepPreviousData,
  });
  const invitations = useQuery({
    queryKey: organisationKeys.invitations(id),
    queryFn: () => organisation.invitations(),
  });
  return (
    <div className={s.stack}>
      <p role="status" className={s.text}>
        {notice}
      </p>
      <InviteForm onDone={setNotice} />
      <ImportForm onDone={setNotice} />
      <section className={s.stack} aria-labelledby={`${uid}-people`}>
        <h3 id={`${uid}-people`} className={s.subheading}>
          {t.peopleHeading}
        </h3>
        <label className={a.field}>
          {t.peopleSearch}
          <input
            className={a.input}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        {people.isPending ? (
          <Skeletons count={2} label={t.loadingPeople} />
        ) : people.isError ? (
          <ErrorState error={people.error} onRetry={() => people.refetch()} />
        ) : people.data.items.length === 0 ? (
          <p className={s.muted}>{search.trim() ? t.peopleNoMatch : t.peopleEmpty}</p>
        ) : (
          <div className={a.tableWrap}>
            <table className={a.table}>
              <caption className={s.visuallyHidden}>{t.peopleCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.columnEmail}</th>
                  <th scope="col">{t.columnName}</th>
                  <th scope="col">{t.columnRole}</th>
                  <th scope="col">{t.columnGroups}</th>
                  <th scope="col">{t.columnActions}</th>
                </tr>
              </thead>
              <tbody>
                {people.data.items.map((person) => (
                  <PersonRow key={person.user_id} person={person} onRemoved={setNotice} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className={s.stack} aria-labelledby={`${uid}-invitations`}>
        <h3 id={`${uid}-invitations`} className={s.subheading}>
          {t.invitationsHeading}
        </h3>
        {invitations.isPending ? null : invitations.isError ? (
          <ErrorState error={invitations.error} onRetry={() => invitations.refetch()} />
        ) : invitations.data.length === 0 ? (
          <p className={s.muted}>{t.invitationsEmpty}</p>
        ) : (
          <ul className={s.list}>
            {invitations.data.map((invitation) => (
              <li key={invitation.id}>
                {invitation.email} — {invitation.accepted_at ? t.invitationAccepted : t.invitationPending}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
