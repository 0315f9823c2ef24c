import type { Organisation } from '@coursekit/core';
import { formatString } from '../../strings/formatString';
import * as s from '../../ui/styles.css';
import * as a from '../admin.css';
import { organisationStrings as t } from './organisationStrings';

/**
 * The organisation's choice to issue its people's credentials in its own name, with where it
 * stands: the platform issues (off, never issued); on, its key and DID still to come with its first
 * credential; on and issuing as its DID; off again, its past credentials still verifying.
 */
export function CredentialIssuerSetting({
  id,
  organisation,
  checked,
  onChange,
}: {
  id: string;
  organisation?: Organisation;
  /** The setting as the editor holds it (saved with the form). */
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const issuer = organisation?.credential_issuer ?? null;
  const saved = organisation?.issues_credentials ?? false;
  const facts = issuer && {
    did: issuer.did,
    keys: String(issuer.keys),
    credentials: String(issuer.credentials),
    didDocument: issuer.did_document_url,
    statusList: issuer.status_list_url,
  };
  const state = issuer
    ? formatString(saved ? t.credentialsIssuing : t.credentialsStopped, facts!)
    : saved
      ? t.credentialsPending
      : t.credentialsPlatform;
  return (
    <fieldset className={s.fieldset}>
      <legend className={s.legend}>{t.credentialsLegend}</legend>
      <label className={s.row}>
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={`${id}-credentials-hint ${id}-credentials-state`}
          onChange={(e) => onChange(e.target.checked)}
        />
        {t.issuesCredentials}
      </label>
      <p id={`${id}-credentials-hint`} className={a.small}>
        {t.issuesCredentialsHint}
      </p>
      <p id={`${id}-credentials-state`} className={a.small} data-state={issuer ? 'has-issuer' : 'no-issuer'}>
        {state}
      </p>
      {facts ? <p className={a.small}>{formatString(t.credentialsDocuments, facts)}</p> : null}
    </fieldset>
  );
}
