import type { LtiRegistration } from '@coursekit/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { formatString } from '../../strings/formatString';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { adminKeys } from '../adminKeys';
import { Field } from '../organisations/Field';
import { useAdmin } from '../useAdmin';
import { bodyOf, draftOf, fieldErrorsOf, type LtiDraft } from './ltiForm';
import { ltiStrings as t } from './ltiStrings';

/** The platform's URLs after the issuer and client id. */
const URL_FIELDS = [
  ['auth_login_url', t.authLoginUrl, t.authLoginUrlHint],
  ['token_url', t.tokenUrl, t.tokenUrlHint],
  ['jwks_url', t.jwksUrl, t.jwksUrlHint],
] as const;

/**
 * Registers a platform or edits one: its issuer, client id, the three platform URLs, its deployment
 * ids, whether new deployments are learned at launch, and its organisation when there are any. A
 * refused save keeps everything typed and shows the server's message at each field it names.
 */
export function LtiRegistrationEditor({
  registration,
  onDone,
}: {
  registration?: LtiRegistration;
  onDone: () => void;
}) {
  const admin = useAdmin();
  const client = useQueryClient();
  const toast = useToast();
  const id = useId();
  const [draft, setDraft] = useState<LtiDraft>(() => draftOf(registration));
  const organisations = useQuery({
    queryKey: adminKeys.organisations(),
    queryFn: () => admin.organisations!.list(),
    enabled: Boolean(admin.organisations),
  });
  const save = useMutation({
    mutationFn: () => {
      const body = bodyOf(draft);
      if (registration) return admin.lti!.update(registration.id, body);
      const { organisation_id, ...rest } = body;
      return admin.lti!.create(organisation_id ? body : rest);
    },
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: adminKeys.ltiRegistrations() });
      toast({ title: t.saved, description: formatString(t.savedDescription, { issuer: saved.issuer }) });
      onDone();
    },
  });
  const errors = save.isError ? fieldErrorsOf(save.error) : {};
  const text = (key: Exclude<keyof LtiDraft, 'accept_new_deployments'>) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
    className: a.input,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const headingId = `${id}-heading`;
  const fieldMessages = Object.entries(errors).filter(([k]) => k !== 'form');

  return (
    <section className={s.card} aria-labelledby={headingId}>
      <div>
        <button type="button" className={s.button.link} onClick={onDone}>
          {t.back}
        </button>
      </div>
      <h3 id={headingId} className={s.subheading}>
        {registration ? formatString(t.editHeading, { issuer: registration.issuer }) : t.newHeading}
      </h3>
      <form onSubmit={onSubmit} className={s.stack} noValidate>
        {save.isError ? (
          <p role="alert" className={a.fieldError}>
            {errors.form ? formatString(t.saveFailed, { message: errors.form }) : t.fixFields}
            {fieldMessages.length > 0 ? ` ${fieldMessages.map(([, m]) => m).join(' ')}` : ''}
          </p>
        ) : null}
        <Field id={`${id}-issuer`} label={t.issuer} hint={t.issuerHint} error={errors.issuer}>
          {(p) => <input {...p} {...text('issuer')} type="url" spellCheck={false} maxLength={2000} />}
        </Field>
        <Field id={`${id}-client`} label={t.clientId} hint={t.clientIdHint} error={errors.client_id}>
          {(p) => (
            <input {...p} {...text('client_id')} autoComplete="off" spellCheck={false} maxLength={255} />
          )}
        </Field>
        {URL_FIELDS.map(([key, label, hint]) => (
          <Field key={key} id={`${id}-${key}`} label={label} hint={hint} error={errors[key]}>
            {(p) => <input {...p} {...text(key)} type="url" spellCheck={false} maxLength={2000} />}
          </Field>
        ))}
        <Field
          id={`${id}-deployments`}
          label={t.deployments}
          hint={t.deploymentsHint}
          error={errors.deployments}
        >
          {(p) => <textarea {...p} {...text('deployments')} rows={3} spellCheck={false} />}
        </Field>
        <div className={a.field}>
          {/* A native checkbox as a switch: radix's Switch adds a measured hidden input inside a form. */}
          <label className={s.row}>
            <input
              type="checkbox"
              role="switch"
              checked={draft.accept_new_deployments}
              aria-checked={draft.accept_new_deployments}
              aria-describedby={`${id}-accept-hint`}
              onChange={(e) => setDraft((d) => ({ ...d, accept_new_deployments: e.target.checked }))}
            />
            {t.acceptNew}
          </label>
          <p id={`${id}-accept-hint`} className={a.small}>
            {t.acceptNewHint}
          </p>
        </div>
        {admin.organisations && organisations.data && organisations.data.length > 0 ? (
          <Field
            id={`${id}-organisation`}
            label={t.organisation}
            hint={t.organisationHint}
            error={errors.organisation_id}
          >
            {(p) => (
              <select {...p} {...text('organisation_id')} className={s.select}>
                <option value="">{t.organisationNone}</option>
                {organisations.data.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <div className={s.row}>
          <button type="submit" className={s.button.primary} disabled={save.isPending}>
            {save.isPending ? t.saving : t.save}
          </button>
          <button type="button" className={s.button.secondary} onClick={onDone}>
            {t.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
