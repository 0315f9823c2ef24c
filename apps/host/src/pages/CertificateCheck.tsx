import {
  type CertificateCheck as Check,
  type CredentialVerification,
  formatIssueDate,
} from '@coursekit/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useAdapter } from '../session/SessionProvider';
import { LoadingScreen } from '../ui/LoadingScreen';

/** What each of the credential's checks establishes when it passes, in a visitor's words. */
const CHECK_LABELS: Record<CredentialVerification['checks'][number]['check'], string> = {
  signature: 'Signature: signed by the issuer and unchanged since',
  issuer: 'Issuer: issued by this site',
  dates: 'Dates: within its validity period',
  status: 'Status: not revoked',
  achievement: 'Achievement: this course’s achievement',
};

/**
 * Reads a JSON document from this site; a failed answer is an error with its status. It asks the
 * server each time (`no-cache` revalidates what the browser holds): the status list is served with a
 * minute's caching for verifiers at large, and this page must see a revocation made a moment ago.
 */
async function fetchJson(url: string) {
  const res = await fetch(url, { credentials: 'omit', cache: 'no-cache' });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/**
 * The signed credential behind a certificate, checked here in the browser as any verifier would,
 * one line per check. The verifier is its own chunk, loaded by this page alone.
 */
function CredentialChecks({ code, courseTitle }: { code: string; courseTitle: string }) {
  const adapter = useAdapter();
  const credentialUrl = adapter.certificate?.credentialUrl?.(code);
  const checks = useQuery({
    queryKey: ['host', 'credential-check', code],
    enabled: Boolean(credentialUrl),
    retry: false,
    queryFn: async () => {
      const [credential, { verifyInBrowser }] = await Promise.all([
        fetchJson(credentialUrl!),
        import('../credentials/verifyInBrowser'),
      ]);
      return verifyInBrowser({
        credential,
        origin: window.location.origin,
        courseTitle,
        now: Date.now(),
        fetchJson,
      });
    },
  });
  if (!credentialUrl) return null;
  return (
    <section aria-labelledby="credential-checks">
      <h3 id="credential-checks">Its Open Badges credential</h3>
      <p>Checked in your browser with the issuer’s public key and revocation list.</p>
      {checks.isPending ? (
        <p>Checking the signed credential…</p>
      ) : checks.isError ? (
        <p role="alert">The signed credential could not be checked: {checks.error.message}</p>
      ) : (
        <ul className="credential-checks">
          {checks.data.checks.map((c) => (
            <li key={c.check} data-ok={c.ok}>
              <span aria-hidden="true">{c.ok ? '✓' : '✗'}</span> {CHECK_LABELS[c.check]}:{' '}
              <strong>{c.ok ? 'passed' : 'failed'}</strong>
              {c.ok ? null : <> — {c.message}</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Result({ code, check }: { code: string; check: Check | undefined }) {
  if (check?.valid && check.certificate)
    return (
      <div className="result result-success" role="status">
        <h2>Valid certificate</h2>
        <p>
          {check.certificate.learner_name} completed <em>{check.certificate.course_title}</em> on{' '}
          {formatIssueDate(check.certificate.issued_at)}.
        </p>
        <CredentialChecks code={code} courseTitle={check.certificate.course_title} />
      </div>
    );
  if (check?.revoked && check.certificate)
    return (
      <div className="result result-error" role="status">
        <h2>Revoked certificate</h2>
        <p>
          This certificate for {check.certificate.learner_name} in <em>{check.certificate.course_title}</em>{' '}
          was revoked by the issuer on {formatIssueDate(check.revoked.at)}
          {check.revoked.reason ? <>: {check.revoked.reason}</> : null}. It no longer stands.
        </p>
        <CredentialChecks code={code} courseTitle={check.certificate.course_title} />
      </div>
    );
  return (
    <div className="result result-error" role="status">
      <h2>Not a valid certificate</h2>
      <p>No certificate was issued with the code {code}.</p>
    </div>
  );
}

/** A public page: whether a certificate's verification code is real, and its credential's checks. */
export function CertificateCheck({ code }: { code: string | undefined }) {
  const adapter = useAdapter();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(code ?? '');
  const check = useQuery({
    queryKey: ['host', 'certificate-check', code],
    enabled: Boolean(code && adapter.certificate),
    retry: false,
    queryFn: () => adapter.certificate!.verify(code!),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (next) void navigate({ to: '/certificates/$code', params: { code: next } });
  };

  return (
    <div className="card">
      <h1>Verify a certificate</h1>
      <form onSubmit={onSubmit} className="inline-form">
        <div className="field">
          <label htmlFor="certificate-code">Verification code</label>
          <input id="certificate-code" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <button type="submit" className="button button-primary">
          Verify
        </button>
      </form>
      {code ? check.isPending ? <LoadingScreen /> : <Result code={code} check={check.data} /> : null}
    </div>
  );
}
