import { useState } from 'react';
import { useCourseAdapter } from '../provider/useCourseAdapter';
import * as s from '../ui/styles.css';
import { useToast } from '../ui/toast';

/**
 * Downloads the certificate PDF: the adapter answers a short-lived URL (it carries its own grant),
 * so the browser's ordinary download works without an Authorization header.
 */
export function CertificateDownload() {
  const adapter = useCourseAdapter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!adapter.certificate) return null;
  const download = async () => {
    setBusy(true);
    try {
      const url = await adapter.certificate!.downloadUrl();
      const link = document.createElement('a');
      link.href = url;
      link.download = 'certificate.pdf';
      link.rel = 'noopener';
      link.click();
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to download the certificate. Please try again.',
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <button type="button" className={s.button.primary} onClick={download} disabled={busy} aria-busy={busy}>
        {busy ? 'Preparing certificate…' : 'Download Certificate (PDF)'}
      </button>
    </div>
  );
}
