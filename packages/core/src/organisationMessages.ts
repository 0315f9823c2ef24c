// The words of organisations: what the API refuses with and what the console shows, in one place so
// the server, the mocks and the widgets say the same.

/** A new or renamed organisation whose slug another one has. */
export const organisationSlugTaken = (slug: string): string =>
  `An organisation with the slug "${slug}" exists already: choose another.`;

/** An issuer another organisation (or this one) trusts already: a token's issuer names one organisation. */
export const organisationIssuerTaken = (issuer: string): string =>
  `The issuer "${issuer}" is trusted by an organisation already: a token's issuer must name one organisation.`;

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
