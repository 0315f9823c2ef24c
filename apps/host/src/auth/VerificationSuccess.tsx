import { TIMINGS, type VerificationStatus } from '@coursekit/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSession } from '../session/SessionProvider';

type Stage = 'loading' | VerificationStatus;

// A token can be used once; remounts (and React's strict mode) must not spend it twice.
const verifications = new Map<string, Promise<VerificationStatus>>();

/** learner §2 /verification-success: loading, then success (→ / after 2 s), expired or error. */
export function VerificationSuccess({ token }: { token: string | undefined }) {
  const { adapter } = useSession();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>('loading');

  useEffect(() => {
    let active = true;
    if (!token) {
      setStage('error');
      return;
    }
    let verification = verifications.get(token);
    if (!verification) {
      verification = adapter.auth.verifyEmail(token);
      verifications.set(token, verification);
    }
    verification
      .then(async (status) => {
        // A signed-in learner's stored user still says "unconfirmed": refresh it so the banner goes.
        if (status === 'success' && (await adapter.auth.getSession())) {
          await adapter.auth.refresh().catch(() => undefined);
        }
        if (active) setStage(status);
      })
      .catch(() => active && setStage('error'));
    return () => {
      active = false;
    };
  }, [adapter, token]);

  useEffect(() => {
    if (stage !== 'success') return;
    const timer = setTimeout(() => void navigate({ to: '/' }), TIMINGS.verificationRedirectMs);
    return () => clearTimeout(timer);
  }, [stage, navigate]);

  return (
    <div className="auth-card card" aria-live="polite">
      {stage === 'loading' ? (
        <div role="status">
          <span className="spinner" aria-hidden="true" />
          <h1>Verifying your email...</h1>
        </div>
      ) : stage === 'success' ? (
        <>
          <h1>Email Verified!</h1>
          <p>Your email has been confirmed. Redirecting you to the course...</p>
          <Link to="/course" className="button button-primary">
            Continue to Dashboard
          </Link>
        </>
      ) : stage === 'expired' ? (
        <>
          <h1>Link Expired</h1>
          <p>Your verification link has expired. Please request a new one.</p>
          <Link to="/signup" className="button button-primary">
            Return to Sign Up
          </Link>
        </>
      ) : (
        <>
          <h1>Verification Failed</h1>
          <p>We could not verify your email. The link may be invalid or already used.</p>
          <Link to="/signin" className="button button-primary">
            Return to Sign In
          </Link>
        </>
      )}
    </div>
  );
}
