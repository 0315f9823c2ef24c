import type { Organisation, OrganisationIdentityProvider as Provider } from '@coursekit/core';
import { isCourseError } from '@coursekit/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { formatString } from '../../strings/formatString';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';
import { AdminDialog } from '../users/AdminDialog';
import { TextField } from './Field';
import { identityProviderStrings as t } from './identityProviderStrings';

type ProviderField = 'issuer' | 'client_id' | 'client_secret' | 'domains' | 'form';

/** A refused save's messages by field (`domains.0` is the domains' field); a taken domain at the domains. */
function providerErrorsOf(error: unknown): Partial<Record<ProviderField, string>> {
  if (isCourseError(error) && error.fields) {
    const out: Partial<Record<ProviderField, string>> = {};
    for (const [name, message] of Object.entries(error.fields)) {
      const field = (['issuer', 'client_id', 'client_secret', 'domains'] as const).find(
        (f) => name === f || name.startsWith(`${f}.`),
      );
      out[field ?? 'form'] ??= message;
    }
    return out;
  }
  return { form: error instanceof Error ? error.message : String(error) };
}

/** The domains as typed: split at commas and spaces, lower-cased, without an `@` typed before one. */
const domainsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);

/**
 * The organisation's OpenID Connect identity provider (company sign-in): its issuer, client id and
 * secret (never shown back, only kept), the e-mail domains it signs in, and whether it is enabled; a
 * form that adds or edits it, and its removal after a confirmation.
 */
export function OrganisationIdentityProvider({ organisation }: { organisation: Organisation }) {
  const admin = useAdmin();
  const client = useQueryClient();
  const toast = useToast();
  const id = useId();
  const key = [...adminKeys.organisation(organisation.id), 'identity-provider'] as const;
  const current = useQuery({
    queryKey: key,
    queryFn: () => admin.organisations!.identityProvider(organisation.id),
  });
  const provider: Provider | null = current.data?.identity_provider ?? null;
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [domains, setDomains] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [removing, setRemoving] = useState(false);
  // The form starts from what is stored, each time it is loaded again.
  useEffect(() => {
    setIssuer(provider?.issuer ?? '');
    setClientId(provider?.client_id ?? '');
    setDomains(provider?.domains.join(', ') ?? '');
    setEnabled(provider?.enabled ?? true);
    setSecret('');
  }, [provider]);

  const save = useMutation({
    mutationFn: () =>
      admin.organisations!.setIdentityProvider(organisation.id, {
        issuer: issuer.trim(),
        client_id: clientId.trim(),
        ...(secret ? { client_secret: secret } : {}),
        domains: domainsOf(domains),
        enabled,
      }),
    onSuccess: (next) => {
      client.setQueryData(key, next);
      toast({
        title: t.saved,
        description: formatString(t.savedDescription, {
          name: organisation.name,
          domains: next.identity_provider?.domains.join(', ') ?? '',
        }),
      });
    },
  });
  const remove = useMutation({
    mutationFn: () => admin.organisations!.removeIdentityProvider(organisation.id),
    onSuccess: () => {
      setRemoving(false);
      client.setQueryData(key, { identity_provider: null });
      toast({ title: t.removed, description: organisation.name });
    },
  });
  const errors = save.isError ? providerErrorsOf(save.error) : {};
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <section className={s.card} aria-labelledby={`${id}-heading`} aria-busy={current.isPending}>
      <h3 id={`${id}-heading`} className={s.subheading}>
        {t.heading}
      </h3>
      <p className={a.small}>{formatString(t.intro, { name: organisation.name })}</p>
      {current.isPending ? (
        <p className={s.muted}>{t.loading}</p>
      ) : current.isError ? (
        <p role="alert" className={a.fieldError}>
          {formatString(t.loadFailed, { message: current.error.message })}
        </p>
      ) : (
        <>
          {provider ? null : <p className={s.muted}>{t.none}</p>}
          <form onSubmit={onSubmit} className={s.stack} noValidate aria-label={t.heading}>
            {save.isError ? (
              <p role="alert" className={a.fieldError}>
                {formatString(t.saveFailed, { message: errors.form ?? Object.values(errors).join(' ') })}
              </p>
            ) : null}
            <TextField
              id={`${id}-issuer`}
              label={t.issuer}
              error={errors.issuer}
              type="url"
              value={issuer}
              onValue={setIssuer}
            />
            <TextField
              id={`${id}-client`}
              label={t.clientId}
              error={errors.client_id}
              value={clientId}
              onValue={setClientId}
            />
            <TextField
              id={`${id}-secret`}
              label={provider?.has_secret ? t.clientSecretKept : t.clientSecret}
              error={errors.client_secret}
              type="password"
              value={secret}
              onValue={setSecret}
            />
            <TextField
              id={`${id}-domains`}
              label={t.domains}
              hint={t.domainsHint}
              error={errors.domains}
              value={domains}
              onValue={setDomains}
            />
            <label className={s.row}>
              <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
              {t.enabled}
            </label>
            <div className={s.row}>
              <button type="submit" className={s.button.primary} disabled={save.isPending}>
                {save.isPending ? t.saving : t.save}
              </button>
              {provider ? (
                <button
                  type="button"
                  className={s.button.secondary}
                  onClick={() => {
                    remove.reset();
                    setRemoving(true);
                  }}
                >
                  {t.remove}
                </button>
              ) : null}
            </div>
          </form>
        </>
      )}
      <AdminDialog
        open={removing}
        onOpenChange={(open) => !remove.isPending && setRemoving(open)}
        title={formatString(t.removeTitle, { name: organisation.name })}
        description={t.removeDescription}
      >
        {remove.isError ? (
          <p role="alert" className={a.fieldError}>
            {formatString(t.removeFailed, { message: remove.error.message })}
          </p>
        ) : null}
        <div className={s.row}>
          <button type="button" className={s.button.secondary} onClick={() => setRemoving(false)}>
            {t.cancel}
          </button>
          <button
            type="button"
            className={s.button.danger}
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {remove.isPending ? t.removing : t.removeConfirm}
          </button>
        </div>
      </AdminDialog>
    </section>
  );
}
