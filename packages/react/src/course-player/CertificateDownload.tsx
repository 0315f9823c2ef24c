import { useState } from 'react';
import { useCourseAdapter } from '../provider/useCourseAdapter';
import { playerStrings } from '../strings/playerStrings';
import { useStrings } from '../strings/useStrings';
import * as s from '../ui/styles.css';
import { useToast } from '../ui/toast';

/**
 * Downloads the certificate PDF: the adapter answers a short-lived URL (it carries its own grant),
 * so the browser's ordinary download works without an Authorization header.
 */
export function CertificateDownload() {
  const adapter = useCourseAdapter();
  const toast = useToast();
  const t = useStrings(playerStrings);
  const [busy, setBusy] = useState(false);
  if (!adapter.certificate) return null;
  const download = async () => {
    setBusy(true);
    try {
      const url = await adapter.certificate!.downloadUrl();
      const link = document.createElement('a');
      link.href = url;
      link.download = t.certificateFileName;
      link.rel = 'noopener';
      link.click();
    } catch {
      toast({ title: t.errorToastTitle, description: t.certificateDownloadFailed, variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <button type="button" className={s.button.primary} onClick={download} disabled={busy} aria-busy={busy}>
        {busy ? t.preparingCertificate : t.downloadCertificate}
      </button>
    </div>
  );
}
