import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatString } from '../strings/formatString';
import { ErrorState, Skeletons } from '../ui/QueryState';
import * as s from '../ui/styles.css';
import { organisationKeys, useOrganisation, useOrganisationStrings } from './organisationContext';

/**
 * The Sign-in tab: the organisation's identity provider as its managers see it, read only (an admin
 * sets it up): the issuer its people sign in at, the e-mail domains it claims, and whether it is on.
 * Its client secret never reaches the browser.
 */
export function SignInPanel() {
  const organisation = useOrganisation();
  const t = useOrganisationStrings();
  const id = useId();
  const provider = useQuery({
    queryKey: organisationKeys.identityProvider(organisation.organisationId),
    queryFn: () => organisation.identityProvider(),
  });
  return (
    <section className={s.stack} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className={s.subheading}>
        {t.signInHeading}
      </h3>
      {provider.isPending ? (
        <Skeletons count={1} label={t.loadingSignIn} />
      ) : provider.isError ? (
        <ErrorState error={provider.error} onRetry={() => void provider.refetch()} />
      ) : provider.data === null ? (
        <p className={s.muted}>{t.signInNone}</p>
      ) : (
        <div className={s.card}>
          <dl className={s.stack}>
            <div>
              <dt className={s.muted}>{t.signInIssuer}</dt>
              <dd className={s.text}>{provider.data.issuer}</dd>
            </div>
            <div>
              <dt className={s.muted}>{t.signInDomains}</dt>
              <dd className={s.text}>{provider.data.domains.join(', ')}</dd>
            </div>
            <div>
              <dt className={s.muted}>{t.signInStatus}</dt>
              <dd className={s.text}>{provider.data.enabled ? t.signInEnabled : t.signInDisabled}</dd>
            </div>
          </dl>
          <p className={s.muted}>
            {formatString(t.signInHelp, { domains: provider.data.domains.join(', ') })}
          </p>
        </div>
      )}
    </section>
  );
}
