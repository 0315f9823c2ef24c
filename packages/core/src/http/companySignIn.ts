import type { CompanySignInAnswer } from '../schemas/organisations';
import { endpoints } from './endpoints';
import { transportOf } from './httpTransport';
import { ssoEndpoints } from './ssoEndpoints';

/**
 * The organisation whose identity provider signs in this e-mail (its name and slug), over the HTTP
 * adapter's connection; null when no organisation claims the e-mail's domain (or the adapter is not
 * the HTTP one). Needs no session: the sign-in page asks it as the e-mail is typed.
 */
export async function fetchCompanySignIn(
  adapter: object,
  email: string,
): Promise<CompanySignInAnswer['organisation']> {
  const transport = transportOf(adapter);
  if (!transport) return null;
  const answer = (await transport.call(endpoints.companySignIn, { query: { email } })) as CompanySignInAnswer;
  return answer.organisation;
}

/**
 * Where the browser goes to sign in through an organisation's identity provider (a full-page
 * navigation: the API sends it on to the provider), with the typed e-mail as the provider's login
 * hint; null when the adapter is not the HTTP one.
 */
export function companySignInUrl(adapter: object, slug: string, email?: string): string | null {
  const transport = transportOf(adapter);
  if (!transport) return null;
  const path = ssoEndpoints.ssoStart.path.replace(':slug', encodeURIComponent(slug));
  return `${transport.base}${path}${email ? `?${new URLSearchParams({ login_hint: email })}` : ''}`;
}
