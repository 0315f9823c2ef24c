import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatString } from '../../strings/formatString';
import * as s from '../../ui/styles.css';
import * as a from '../admin.css';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';
import { CopyButton } from './CopyButton';
import { ltiStrings as t } from './ltiStrings';

/**
 * Register by URL (LTI Dynamic Registration): a single-use link, valid a day, for a platform's admin
 * to paste into their LMS; the platform it registers belongs to the organisation chosen here.
 */
export function RegistrationLink() {
  const admin = useAdmin();
  const id = useId();
  const [organisationId, setOrganisationId] = useState('');
  const organisations = useQuery({
    queryKey: adminKeys.organisations(),
    queryFn: () => admin.organisations!.list(),
    enabled: Boolean(admin.organisations),
  });
  const make = useMutation({ mutationFn: () => admin.lti!.registrationLink(organisationId || null) });
  const expires = make.data ? new Date(make.data.expires_at).toLocaleString() : '';
  return (
    <section className={s.card} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={s.subheading}>
        {t.linkHeading}
      </h3>
      <p className={a.small}>{t.linkIntro}</p>
      {organisations.data && organisations.data.length > 0 ? (
        <div className={a.field}>
          <label htmlFor={`${id}-organisation`}>{t.organisation}</label>
          <select
            id={`${id}-organisation`}
            className={a.input}
            value={organisationId}
            onChange={(event) => {
              setOrganisationId(event.target.value);
              make.reset();
            }}
          >
            <option value="">{t.organisationNone}</option>
            {organisations.data.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div>
        <button
          type="button"
          className={s.button.secondary}
          disabled={make.isPending}
          onClick={() => make.mutate()}
        >
          {make.isPending ? t.linkMaking : t.linkMake}
        </button>
      </div>
      {make.isError ? (
        <p role="alert" className={a.fieldError}>
          {formatString(t.linkFailed, { message: make.error.message })}
        </p>
      ) : null}
      {make.data ? (
        <div className={a.field} role="status">
          <span>{formatString(t.linkReady, { expires })}</span>
          <div className={s.row}>
            <code className={a.code}>{make.data.url}</code>
            <CopyButton name={t.linkName} text={make.data.url} />
          </div>
        </div>
      ) : null}
    </section>
  );
}
