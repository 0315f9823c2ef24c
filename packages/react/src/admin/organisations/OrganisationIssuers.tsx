import type { Organisation, OrganisationIssuer } from '@coursekit/core';
import { isCourseError } from '@coursekit/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { formatString } from '../../strings/formatString';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';
import { AdminConfirmDialog } from '../users/AdminDialog';
import { TextField } from './Field';
import { organisationStrings as t } from './organisationStrings';

type Kind = 'jwks' | 'secret';
type IssuerField = 'issuer' | 'audience' | 'jwks_url' | 'shared_secret' | 'form';

/** A refused issuer's messages by field; a taken issuer at the issuer. */
function issuerErrorsOf(error: unknown): Partial<Record<IssuerField, string>> {
  if (isCourseError(error) && error.fields) {
    const out: Partial<Record<IssuerField, string>> = {};
    for (const [name, message] of Object.entries(error.fields)) {
      const field = (['issuer', 'audience', 'jwks_url', 'shared_secret'] as const).find((f) => name === f);
      out[field ?? 'form'] ??= message;
    }
    return out;
  }
  if (isCourseError(error) && error.code === 'conflict') return { issuer: error.message };
  return { form: error instanceof Error ? error.message : String(error) };
}

/**
 * The organisation's trusted token issuers: each with its audience and how its tokens are checked
 * (a JWKS URL, or a shared secret, which is never shown back), removed after a confirmation, and a
 * form to add one.
 */
export function OrganisationIssuers({ organisation }: { organisation: Organisation }) {
  const admin = useAdmin();
  const client = useQueryClient();
  const toast = useToast();
  const id = useId();
  const [issuer, setIssuer] = useState('');
  const [audience, setAudience] = useState('');
  const [kind, setKind] = useState<Kind>('jwks');
  const [jwksUrl, setJwksUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [removing, setRemoving] = useState<OrganisationIssuer | null>(null);

  const refresh = (next?: Organisation) => {
    if (next) client.setQueryData(adminKeys.organisation(next.id), next);
    else void client.invalidateQueries({ queryKey: adminKeys.organisation(organisation.id) });
    void client.invalidateQueries({ queryKey: adminKeys.organisations(), exact: true });
  };
  const add = useMutation({
    mutationFn: () =>
      admin.organisations!.addIssuer(organisation.id, {
        issuer: issuer.trim(),
        audience: audience.trim(),
        ...(kind === 'jwks' ? { jwks_url: jwksUrl.trim() } : { shared_secret: secret }),
      }),
    onSuccess: (next) => {
      toast({
        title: t.issuerAdded,
        description: formatString(t.issuerAddedDescription, { issuer: issuer.trim() }),
      });
      setIssuer('');
      setAudience('');
      setJwksUrl('');
      setSecret('');
      refresh(next);
    },
  });
  const remove = useMutation({
    mutationFn: (target: OrganisationIssuer) => admin.organisations!.removeIssuer(organisation.id, target.id),
    onSuccess: () => {
      setRemoving(null);
      toast({ title: t.issuerRemoved, description: removing?.issuer ?? '' });
      refresh();
    },
  });
  const errors = add.isError ? issuerErrorsOf(add.error) : {};
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };

  return (
    <section className={s.card} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={s.subheading}>
        {t.issuersHeading}
      </h3>
      <p className={a.small}>{t.issuersIntro}</p>
      {organisation.issuers.length === 0 ? (
        <p className={s.muted}>{t.issuersEmpty}</p>
      ) : (
        <div className={a.tableWrap}>
          <table className={a.table}>
            <thead>
              <tr>
                <th scope="col">{t.issuer}</th>
                <th scope="col">{t.audience}</th>
                <th scope="col">{t.keyKind}</th>
                <th scope="col">{t.columnActions}</th>
              </tr>
            </thead>
            <tbody>
              {organisation.issuers.map((i) => (
                <tr key={i.id}>
                  <td>{i.issuer}</td>
                  <td>{i.audience}</td>
                  <td>{i.jwks_url ?? (i.has_secret ? t.secretStored : '')}</td>
                  <td>
                    <button
                      type="button"
                      className={`${s.button.secondary} ${a.smallButton}`}
                      aria-label={formatString(t.removeIssuerLabel, { issuer: i.issuer })}
                      onClick={() => {
                        remove.reset();
                        setRemoving(i);
                      }}
                    >
                      {t.removeIssuer}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form onSubmit={onSubmit} className={s.stack} noValidate aria-label={t.addIssuer}>
        {add.isError ? (
          <p role="alert" className={a.fieldError}>
            {formatString(t.addFailed, {
              message: errors.form ?? Object.values(errors).join(' '),
            })}
          </p>
        ) : null}
        <TextField
          id={`${id}-issuer`}
          label={t.issuer}
          error={errors.issuer}
          value={issuer}
          onValue={setIssuer}
        />
        <TextField
          id={`${id}-audience`}
          label={t.audience}
          error={errors.audience}
          value={audience}
          onValue={setAudience}
        />
        <fieldset className={s.fieldset}>
          <legend className={a.small}>{t.keyKind}</legend>
          <div className={s.row}>
            {(
              [
                ['jwks', t.keyJwks],
                ['secret', t.keySecret],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className={s.row}>
                <input
                  type="radio"
                  className={s.radio}
                  name={`${id}-kind`}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {kind === 'jwks' ? (
          <TextField
            id={`${id}-jwks`}
            label={t.jwksUrl}
            error={errors.jwks_url}
            type="url"
            value={jwksUrl}
            onValue={setJwksUrl}
          />
        ) : (
          <TextField
            id={`${id}-secret`}
            label={t.sharedSecret}
            error={errors.shared_secret ?? errors.jwks_url}
            type="password"
            value={secret}
            onValue={setSecret}
          />
        )}
        <div>
          <button type="submit" className={s.button.primary} disabled={add.isPending}>
            {add.isPending ? t.adding : t.addIssuer}
          </button>
        </div>
      </form>
      <AdminConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={formatString(t.removeIssuerTitle, { issuer: removing?.issuer ?? '' })}
        description={t.removeIssuerDescription}
        error={remove.isError ? formatString(t.removeFailed, { message: remove.error.message }) : null}
        pending={remove.isPending}
        cancelLabel={t.cancel}
        confirmLabel={t.removeConfirm}
        pendingLabel={t.removing}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </section>
  );
}
