/** The public page where anyone checks a certificate by its code. */
export function certificatePageUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/certificates/${encodeURIComponent(code)}`;
}

/**
 * LinkedIn's "Add licence or certification" form, filled in: the course as the certification's name,
 * the site as the organisation, the month of issue, and the public verification page with the code
 * as the credential URL and id (LinkedIn shows a "Show credential" button that opens the page).
 */
export function linkedInAddToProfileUrl(options: {
  /** The certification's name: the course title. */
  name: string;
  /** Who issued it: the site's name. */
  organizationName: string;
  /** When it was issued (ISO 8601); LinkedIn keeps the year and month, in UTC. */
  issuedAt: string;
  /** The verification page (certificatePageUrl). */
  certUrl: string;
  /** The certificate's code. */
  certId: string;
}): string {
  const issued = new Date(options.issuedAt);
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: options.name,
    organizationName: options.organizationName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: options.certUrl,
    certId: options.certId,
  });
  return `https://www.linkedin.com/profile/add?${query}`;
}

/**
 * A Learner Credential Wallet deep link in its credential-request form: the universal link
 * https://lcw.app/request.html opens the wallet on a phone where it is installed (the
 * `dccrequest://request?…` scheme carries the same query). The wallet then POSTs a DID
 * authentication presentation, with `challenge` inside, to `vc_request_url` and stores the
 * credential the answer holds; it accepts only `auth_type=bearer` here (no OAuth round trip), and
 * reads `issuer` as the requesting site's name.
 */
export function walletRequestUrl(options: {
  /** The issuing site, as the wallet shows it (its host). */
  issuer: string;
  /** The URL that answers the wallet's POST with the credential. */
  requestUrl: string;
  /** What the wallet signs into its presentation. */
  challenge: string;
}): string {
  const query = new URLSearchParams({
    issuer: options.issuer,
    auth_type: 'bearer',
    challenge: options.challenge,
    vc_request_url: options.requestUrl,
  });
  return `https://lcw.app/request.html?${query}`;
}
