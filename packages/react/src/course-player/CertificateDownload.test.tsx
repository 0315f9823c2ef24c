import { createMemoryAdapter, createMemoryStore } from '@coursekit/mocks';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../test/renderWidget';
import { WidgetRoot } from '../ui/WidgetRoot';
import { CertificateDownload } from './CertificateDownload';

const widget = (
  <WidgetRoot label="Certificate">
    <CertificateDownload code="ABCD-1234" />
  </WidgetRoot>
);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A memory adapter whose certificate also answers the credential's and badge's URLs and the share links. */
function adapterWithCredential(links: { linkedInUrl?: string; walletUrl?: string }) {
  const adapter = createMemoryAdapter(createMemoryStore('course-complete'));
  const base = adapter.certificate!;
  return {
    ...adapter,
    certificate: {
      ...base,
      credentialUrl: (code: string) => `https://x.test/api/certificates/${code}/credential`,
      badgeUrl: (code: string) => `https://x.test/api/certificates/${code}/badge.svg`,
      verify: async (code: string) => ({ ...(await base.verify(code)), valid: true, ...links }),
    },
  };
}

describe('CertificateDownload', () => {
  it('offers the credential, the badge, LinkedIn and a wallet, each by keyboard', async () => {
    const adapter = adapterWithCredential({
      linkedInUrl: 'https://www.linkedin.com/profile/add?name=x',
      walletUrl: 'https://lcw.app/request.html?issuer=x',
    });
    const fetchMock = vi.fn(async () => new Response('{"type":["VerifiableCredential"]}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:credential');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWidget(widget, { adapter });

    const linkedIn = await screen.findByRole('link', { name: 'Add to LinkedIn' });
    expect(linkedIn.getAttribute('href')).toBe('https://www.linkedin.com/profile/add?name=x');
    const wallet = screen.getByRole('link', { name: 'Open in a wallet' });
    expect(wallet.getAttribute('href')).toBe('https://lcw.app/request.html?issuer=x');
    expect(wallet.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Learner Credential Wallet/)).toBeTruthy();

    screen.getByRole('button', { name: 'Download credential (.json)' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith('https://x.test/api/certificates/ABCD-1234/credential');
    await user.click(screen.getByRole('button', { name: 'Download badge' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('https://x.test/api/certificates/ABCD-1234/badge.svg'),
    );
  });

  it('says so when a download fails', async () => {
    const adapter = adapterWithCredential({});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('not found', { status: 404 })),
    );
    const { user } = renderWidget(widget, { adapter });
    await user.click(await screen.findByRole('button', { name: 'Download badge' }));
    expect(await screen.findByText('Failed to download the file. Please try again.')).toBeTruthy();
  });

  it('hides what the adapter and the certificate do not offer', async () => {
    renderWidget(widget, { scenario: 'course-complete' });
    expect(await screen.findByRole('button', { name: 'Download Certificate (PDF)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download credential (.json)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download badge' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add to LinkedIn' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open in a wallet' })).toBeNull();
  });
});
