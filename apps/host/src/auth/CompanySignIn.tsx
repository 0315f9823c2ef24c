import {
  COMPANY_SIGN_IN_ERRORS,
  type CompanySignInAnswer,
  type CompanySignInError,
  companySignInErrors,
  continueWithOrganisation,
  sanitizeFormInput,
  validateEmail,
} from '@coursekit/core';
import { companySignInUrl, fetchCompanySignIn } from '@coursekit/core/http';
import { useEffect, useState } from 'react';
import { useSession } from '../session/SessionProvider';

// Company sign-in on the sign-in page: as the e-mail is typed, the API is asked whether an
// organisation's identity provider signs that domain in, and "Continue with {organisation}" is
// offered; the API's callback comes back here with the session in the URL hash (adopted at once, as
// a recovery link's is) or with `sso_error` naming why the sign-in was refused.

/** How long typing pauses before the domain is asked about. */
const ASK_AFTER_MS = 300;

/** The organisation that signs in the typed e-mail, asked once typing pauses; null for any other. */
export function useCompanySignIn(email: string, active: boolean): CompanySignInAnswer['organisation'] {
  const { adapter } = useSession();
  const [organisation, setOrganisation] = useState<CompanySignInAnswer['organisation']>(null);
  useEffect(() => {
    const check = validateEmail(sanitizeFormInput(email));
    if (!active || !check.ok) {
      setOrganisation(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      fetchCompanySignIn(adapter, check.value).then(
        (found) => current && setOrganisation(found),
        // Not asked (offline, say): the password form is all there is.
        () => current && setOrganisation(null),
      );
    }, ASK_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [adapter, email, active]);
  return organisation;
}

/**
 * What the API's company sign-in left in the address: the session it opened (in the hash), adopted
 * and wiped from the address, or the reason it refused, as the sign-in page's error.
 */
export function useCompanySignInLanding(onError: (message: string) => void): void {
  const { adapter } = useSession();
  useEffect(() => {
    const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    const access = hash.get('access_token');
    const refresh = hash.get('refresh_token');
    if (hash.get('type') === 'sso' && access && refresh) {
      // The tokens leave the address (and its history entry) before anything else happens.
      window.history.replaceState(null, '', window.location.pathname);
      adapter.auth
        .setSession({ access_token: access, refresh_token: refresh })
        .catch(() => onError(companySignInErrors.expired));
      return;
    }
    const code = new URLSearchParams(window.location.search).get('sso_error');
    if (code && (COMPANY_SIGN_IN_ERRORS as readonly string[]).includes(code))
      onError(companySignInErrors[code as CompanySignInError]);
  }, [adapter, onError]);
}

/** "Continue with {organisation}": a link to the API's start of the organisation's sign-in. */
export function CompanySignInButton({
  organisation,
  email,
}: {
  organisation: NonNullable<CompanySignInAnswer['organisation']>;
  email: string;
}) {
  const { adapter } = useSession();
  const check = validateEmail(sanitizeFormInput(email));
  const href = companySignInUrl(adapter, organisation.slug, check.ok ? check.value : undefined);
  if (!href) return null;
  return (
    <a className="button button-secondary button-block" href={href}>
      {continueWithOrganisation(organisation.name)}
    </a>
  );
}
