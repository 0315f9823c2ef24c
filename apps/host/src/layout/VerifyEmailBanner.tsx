import { createRateLimiter, mapAuthError, messages, RATE_LIMITS } from '@coursekit/core';
import { formatString } from '@coursekit/react';
import { useState } from 'react';
import { useSession } from '../session/SessionProvider';
import { useToast } from '../ui/Toaster';

// learner §5: 3 requests per 60 s per e-mail, then blocked for 5 minutes. Kept for the page's life.
const resendLimiter = createRateLimiter(RATE_LIMITS.resendVerification);

/** learner §2/§6: unverified learners see a banner; they are not blocked. */
export function VerifyEmailBanner() {
  const { adapter, session } = useSession();
  const toast = useToast();
  const [sending, setSending] = useState(false);
  if (!session || session.user.email_confirmed_at) return null;
  const email = session.user.email;

  async function resend() {
    const decision = resendLimiter.attempt(email);
    if (!decision.allowed) {
      const seconds = Math.ceil(decision.retryAfterMs / 1000);
      toast({
        title: messages.resendTooManyTitle,
        description: formatString(messages.resendWait, { seconds }),
        variant: 'destructive',
      });
      return;
    }
    setSending(true);
    try {
      await adapter.auth.resendVerification(email);
      toast({ title: messages.resendSentTitle, description: formatString(messages.resendSent, { email }) });
    } catch (error) {
      const mapped = mapAuthError(error as { code?: string; message?: string });
      toast({
        title: 'Error',
        description: mapped.known ? mapped.message : messages.resendFailed,
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="banner banner-warning" aria-label="Email verification">
      <p>
        Please verify your email address ({email}). Check your inbox for a verification link — you can keep
        using the course meanwhile.
      </p>
      <button type="button" className="button button-small" onClick={resend} disabled={sending}>
        {sending ? 'Sending...' : 'Resend verification email'}
      </button>
    </section>
  );
}
