// The words of organisations: what the API refuses with and what the console shows, in one place so
// the server, the mocks and the widgets say the same.

/** A new or renamed organisation whose slug another one has. */
export const organisationSlugTaken = (slug: string): string =>
  `An organisation with the slug "${slug}" exists already: choose another.`;

/** An issuer another organisation (or this one) trusts already: a token's issuer names one organisation. */
export const organisationIssuerTaken = (issuer: string): string =>
  `The issuer "${issuer}" is trusted by an organisation already: a token's issuer must name one organisation.`;

/** A new slug for an organisation that has issued credentials in its own name: its DID is under it. */
export const organisationSlugIssuing =
  'This organisation issues credentials in its own name: its slug is in its DID and status list address, so it can no longer change.';

/** An organisation id that names none. */
export const organisationNotFound = 'No such organisation.';

/** An issuer id the organisation does not have. */
export const organisationIssuerNotFound = 'This organisation has no such issuer.';

/** A membership change for a person the platform does not have. */
export const organisationUserNotFound = 'No such user.';

/** A removal of someone who is not in the organisation. */
export const organisationMemberNotFound = 'This person is not in the organisation.';

/** A course list naming courses the platform does not have. */
export const organisationUnknownCourses = (slugs: readonly string[]): string =>
  `No course with the slug ${slugs.map((s) => `"${s}"`).join(', ')}.`;

/** A new member of an organisation whose seats are all taken. */
export const organisationSeatsFull = (name: string, limit: number): string =>
  `${name} has no seat left (${limit} of ${limit} taken). Ask its administrator for more seats.`;

/** A partner token signed by the issuer of a suspended organisation. */
export const organisationSuspended = (name: string): string =>
  `Sign-in refused: ${name} is suspended on this platform. Ask its administrator.`;

/** A group id the organisation does not have. */
export const organisationGroupNotFound = 'This organisation has no such group.';

/** A new or renamed group whose name another group of the organisation has. */
export const organisationGroupTaken = (name: string): string =>
  `The organisation has a group called "${name}" already: choose another name.`;

/** An assignment id the organisation does not have. */
export const organisationAssignmentNotFound = 'This organisation has no such assignment.';

/** A course the organisation's people cannot see (or that does not exist). */
export const organisationCourseNotFound = (slug: string): string =>
  `This organisation has no course with the slug "${slug}".`;

/** An invitation for someone already in the organisation. */
export const organisationAlreadyMember = (email: string): string =>
  `${email} is in the organisation already.`;

/** A second invitation for the same e-mail while the first is pending. */
export const organisationAlreadyInvited = (email: string): string =>
  `${email} has been invited already; the invitation is waiting to be accepted.`;

/** An accept link whose token names no pending invitation (used, revoked, expired, or made up). */
export const organisationInvitationInvalid =
  'This invitation link is not valid any more. Ask your organisation’s manager for a new one.';

/** Accepting an invitation for an e-mail without an account, without choosing a password. */
export const organisationInvitationNeedsPassword = 'Choose a password to create your account.';

/** The reminders link of a mail whose token is forged, altered or expired: nothing changes. */
export const reminderLinkInvalid =
  'This link to turn reminders off is not valid or has expired, so nothing was changed. Use the link in your latest reminder.';

/** An e-mail domain another organisation's identity provider claims already. */
export const organisationDomainTaken = (domain: string): string =>
  `The e-mail domain "${domain}" is claimed by another organisation’s identity provider already: a domain signs in through one organisation.`;

/** An identity-provider call for an organisation that has none. */
export const organisationIdentityProviderNotFound = 'This organisation has no identity provider.';

/** A new identity provider without its client secret. */
export const organisationIdentityProviderNeedsSecret =
  'Enter the client secret the identity provider issued for CourseKit.';

/** The button of the sign-in page when the typed e-mail's domain belongs to an organisation. */
export const continueWithOrganisation = (name: string): string => `Continue with ${name}`;

/** Why a company sign-in was refused: the code the API puts in its redirect to the sign-in page. */
export const COMPANY_SIGN_IN_ERRORS = [
  'unavailable',
  'suspended',
  'expired',
  'unverified',
  'domain',
  'no_email',
  'seats',
  'failed',
] as const;
export type CompanySignInError = (typeof COMPANY_SIGN_IN_ERRORS)[number];

/** What the sign-in page says for each refusal of a company sign-in. */
export const companySignInErrors: Record<CompanySignInError, string> = {
  unavailable:
    'Sign-in through your organisation is turned off. Sign in with your password, or ask your organisation’s administrator.',
  suspended: 'Sign-in refused: your organisation is suspended on this platform. Ask its administrator.',
  expired: 'This sign-in has expired or was already used. Start again from the sign-in page.',
  unverified:
    'An account with this e-mail exists already, and your organisation’s sign-in did not confirm that the address is yours. Sign in with your password (or reset it) instead.',
  domain:
    'Your organisation’s sign-in gave an e-mail address outside the domains it signs in, so it cannot sign you in here.',
  no_email:
    'Your organisation’s sign-in did not give an e-mail address, so no account can be made or found. Ask its administrator.',
  seats: 'Your organisation has no seat left on this platform. Ask its administrator for more seats.',
  failed:
    'Your organisation’s sign-in did not complete (its answer could not be checked). Try again, or ask its administrator.',
};
