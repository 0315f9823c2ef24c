import { formatIssueDate } from '@coursekit/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useAdapter } from '../session/SessionProvider';
import { LoadingScreen } from '../ui/LoadingScreen';

/** A public page: whether a certificate's verification code is real. */
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
      {code ? (
        check.isPending ? (
          <LoadingScreen />
        ) : check.data?.valid && check.data.certificate ? (
          <div className="result result-success" role="status">
            <h2>Valid certificate</h2>
            <p>
              {check.data.certificate.learner_name} completed <em>{check.data.certificate.course_title}</em>{' '}
              on {formatIssueDate(check.data.certificate.issued_at)}.
            </p>
          </div>
        ) : (
          <div className="result result-error" role="status">
            <h2>Not a valid certificate</h2>
            <p>No certificate was issued with the code {code}.</p>
          </div>
        )
      ) : null}
    </div>
  );
}
