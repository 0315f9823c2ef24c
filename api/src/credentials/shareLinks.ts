import {
  type Certificate,
  certificatePageUrl,
  endpoints,
  linkedInAddToProfileUrl,
  pathOf,
  walletRequestUrl,
} from '@coursekit/core';
import type { AppContext } from '../context';
import { platformTexts } from '../settings/service';

/**
 * The links that share a certificate, for the learner's and the verification page's buttons:
 * LinkedIn's add-to-profile form pointing at the public verification page, and a Learner Credential
 * Wallet request whose `vc_request_url` is the credential's own URL (it answers the wallet's POST).
 * LinkedIn names `issuerName` (the credential's issuer) as the organisation, else the site.
 */
export async function shareLinks(
  ctx: Pick<AppContext, 'db' | 'config'>,
  certificate: Certificate,
  issuerName?: string,
): Promise<{ linkedInUrl: string; walletUrl: string }> {
  const { publicUrl } = ctx.config;
  const organizationName = issuerName ?? (await platformTexts(ctx)).site_name;
  return {
    linkedInUrl: linkedInAddToProfileUrl({
      name: certificate.course_title,
      organizationName,
      issuedAt: certificate.issued_at,
      certUrl: certificatePageUrl(publicUrl, certificate.code),
      certId: certificate.code,
    }),
    walletUrl: walletRequestUrl({
      issuer: new URL(publicUrl).host,
      requestUrl: `${publicUrl}/api${pathOf(endpoints.credentialForWallet.path, { code: certificate.code })}`,
      challenge: certificate.code,
    }),
  };
}
