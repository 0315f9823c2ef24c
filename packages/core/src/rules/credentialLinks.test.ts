import { describe, expect, it } from 'vitest';
import { certificatePageUrl, linkedInAddToProfileUrl, walletRequestUrl } from './credentialLinks';

describe('links to share a certificate', () => {
  it('the verification page is the site’s /certificates/<code>, whatever the trailing slash', () => {
    expect(certificatePageUrl('https://learn.example.org/', 'CK-AB12-CD34-EF56')).toBe(
      'https://learn.example.org/certificates/CK-AB12-CD34-EF56',
    );
  });

  it('LinkedIn’s add-to-profile form gets the course, the site, the UTC year and month, and the page with the code', () => {
    const url = new URL(
      linkedInAddToProfileUrl({
        name: 'Data & Safety: "Basics"',
        organizationName: 'Acme Academy',
        issuedAt: '2026-01-31T23:30:00.000Z',
        certUrl: 'https://learn.example.org/certificates/CK-AB12-CD34-EF56',
        certId: 'CK-AB12-CD34-EF56',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Data & Safety: "Basics"',
      organizationName: 'Acme Academy',
      issueYear: '2026',
      issueMonth: '1',
      certUrl: 'https://learn.example.org/certificates/CK-AB12-CD34-EF56',
      certId: 'CK-AB12-CD34-EF56',
    });
  });

  it('the wallet link is Learner Credential Wallet’s credential request: bearer, a challenge, and the URL it POSTs to', () => {
    const url = new URL(
      walletRequestUrl({
        issuer: 'learn.example.org',
        requestUrl: 'https://learn.example.org/api/certificates/CK-AB12-CD34-EF56/credential',
        challenge: 'CK-AB12-CD34-EF56',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://lcw.app/request.html');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'learn.example.org',
      auth_type: 'bearer',
      challenge: 'CK-AB12-CD34-EF56',
      vc_request_url: 'https://learn.example.org/api/certificates/CK-AB12-CD34-EF56/credential',
    });
  });
});
