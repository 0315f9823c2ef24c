import { formatIssueDate } from '@coursekit/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { useAdmin } from '../useAdmin';
import { AdminConfirmDialog } from '../users/AdminDialog';

/**
 * Revoking a certificate: its verification code and a reason, confirmed in a dialog. From then on
 * the public check says it is revoked (with the reason), and every verifier reading the status
 * list sees its credential revoked. Shown when the admin adapter can revoke.
 */
export function RevokeCertificatePanel() {
  const admin = useAdmin();
  const toast = useToast();
  const id = useId();
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [missing, setMissing] = useState<'code' | 'reason' | null>(null);
  const revoke = useMutation({
    mutationFn: () => admin.certificates!.revoke(code.trim(), reason.trim()),
    onSuccess: () => {
      setConfirming(false);
      toast({ title: 'Certificate Revoked', description: `${code.trim()} is revoked.` });
    },
    onError: () => setConfirming(false),
  });
  if (!admin.certificates) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setMissing('code');
    if (!reason.trim()) return setMissing('reason');
    setMissing(null);
    revoke.reset();
    setConfirming(true);
  };

  return (
    <section className={s.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={s.subheading}>
        Revoke a Certificate
      </h3>
      <p className={a.small}>
        A revoked certificate no longer stands: its public check says so with the reason, and any Open Badges
        verifier sees its credential revoked. It cannot be undone.
      </p>
      <form onSubmit={onSubmit} className={s.stack} noValidate>
        <label className={a.field}>
          <span>Verification code</span>
          <input
            className={a.input}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={missing === 'code'}
            aria-describedby={missing === 'code' ? `${id}-code-error` : undefined}
          />
        </label>
        {missing === 'code' ? (
          <p id={`${id}-code-error`} role="alert" className={a.fieldError}>
            Enter the certificate’s verification code.
          </p>
        ) : null}
        <label className={a.field}>
          <span>Reason (verifiers see it)</span>
          <input
            className={a.input}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={missing === 'reason'}
            aria-describedby={missing === 'reason' ? `${id}-reason-error` : undefined}
          />
        </label>
        {missing === 'reason' ? (
          <p id={`${id}-reason-error`} role="alert" className={a.fieldError}>
            Say why the certificate is revoked.
          </p>
        ) : null}
        <div>
          <button type="submit" className={s.button.danger}>
            Revoke Certificate
          </button>
        </div>
      </form>
      {revoke.isError ? (
        <p role="alert" className={a.small}>
          Could not revoke {code.trim()}: {revoke.error.message}
        </p>
      ) : null}
      {revoke.data ? (
        <p role="status" className={a.small}>
          {revoke.data.code} was revoked on {formatIssueDate(revoke.data.revoked_at)}: {revoke.data.reason}
        </p>
      ) : null}
      <AdminConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Revoke this certificate?"
        description={`Certificate ${code.trim()} will be shown as revoked, with the reason “${reason.trim()}”. This cannot be undone.`}
        pending={revoke.isPending}
        cancelLabel="Cancel"
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        onConfirm={() => revoke.mutate()}
      />
    </section>
  );
}
