import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useCourseAdapter } from '../provider/useCourseAdapter';
import { courseKeys } from '../queries/courseKeys';
import { playerStrings } from '../strings/playerStrings';
import { useStrings } from '../strings/useStrings';
import * as s from '../ui/styles.css';
import { useToast } from '../ui/toast';

function saveAs(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.click();
}

/**
 * Downloads the certificate PDF: the adapter answers a short-lived URL (it carries its own grant),
 * so the browser's ordinary download works without an Authorization header. With a code, it also
 * offers the signed credential (.json) and the badge image when the adapter knows their URLs, and
 * the LinkedIn and wallet links when the certificate's check answers them.
 */
export function CertificateDownload({ code }: { code?: string } = {}) {
  const adapter = useCourseAdapter();
  const toast = useToast();
  const t = useStrings(playerStrings);
  const hintId = useId();
  const [busy, setBusy] = useState<'pdf' | 'credential' | 'badge' | null>(null);
  const certificate = adapter.certificate;
  const check = useQuery({
    queryKey: [...courseKeys.certificate(), 'check', code ?? ''] as const,
    queryFn: () => certificate!.verify(code!),
    enabled: Boolean(certificate && code),
    retry: false,
  });
  if (!certificate) return null;
  const failed = (description: string) => toast({ title: t.errorToastTitle, description, variant: 'error' });
  const download = async () => {
    setBusy('pdf');
    try {
      saveAs(await certificate.downloadUrl(), t.certificateFileName);
    } catch {
      failed(t.certificateDownloadFailed);
    } finally {
      setBusy(null);
    }
  };
  // The file is fetched first, so a failed answer shows an error instead of a browser's error page.
  const fetchFile = async (kind: 'credential' | 'badge', url: string, fileName: string) => {
    setBusy(kind);
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const objectUrl = URL.createObjectURL(await response.blob());
      saveAs(objectUrl, fileName);
      setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
    } catch {
      failed(t.credentialDownloadFailed);
    } finally {
      setBusy(null);
    }
  };
  const credentialUrl = code ? certificate.credentialUrl?.(code) : undefined;
  const badgeUrl = code ? certificate.badgeUrl?.(code) : undefined;
  const linkedInUrl = check.data?.valid ? check.data.linkedInUrl : undefined;
  const walletUrl = check.data?.valid ? check.data.walletUrl : undefined;
  return (
    <div>
      <button
        type="button"
        className={s.button.primary}
        onClick={download}
        disabled={busy !== null}
        aria-busy={busy === 'pdf'}
      >
        {busy === 'pdf' ? t.preparingCertificate : t.downloadCertificate}
      </button>
      {credentialUrl ? (
        <button
          type="button"
          className={s.button.secondary}
          onClick={() => fetchFile('credential', credentialUrl, t.credentialFileName)}
          disabled={busy !== null}
          aria-busy={busy === 'credential'}
        >
          {t.downloadCredential}
        </button>
      ) : null}
      {badgeUrl ? (
        <button
          type="button"
          className={s.button.secondary}
          onClick={() => fetchFile('badge', badgeUrl, t.badgeFileName)}
          disabled={busy !== null}
          aria-busy={busy === 'badge'}
        >
          {t.downloadBadge}
        </button>
      ) : null}
      {linkedInUrl ? (
        <a className={s.button.secondary} href={linkedInUrl} target="_blank" rel="noopener noreferrer">
          {t.addToLinkedIn}
        </a>
      ) : null}
      {walletUrl ? (
        <p className={s.muted}>
          <a className={s.button.secondary} href={walletUrl} aria-describedby={hintId}>
            {t.openInWallet}
          </a>{' '}
          <span id={hintId}>{t.openInWalletHint}</span>
        </p>
      ) : null}
    </div>
  );
}
