import { isCourseError, messages, validateResetEmailField } from '@coursekit/core';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useSession } from '../session/SessionProvider';
import { useSignOut } from '../session/useSignOut';
import { Dialog } from '../ui/Dialog';
import { useToast } from '../ui/Toaster';
import { formatDate } from './formatDate';

type DialogState = 'closed' | 'open' | 'sending';

/** learner §2 /account, with the reset-password dialog (closed, open, sending). */
export function Account() {
  const { adapter, session } = useSession();
  const toast = useToast();
  const signOut = useSignOut('/');
  const [dialog, setDialog] = useState<DialogState>('closed');
  const [email, setEmail] = useState(session?.user.email ?? '');
  if (!session) return null;

  async function sendReset(event: FormEvent) {
    event.preventDefault();
    const check = validateResetEmailField(email);
    if (!check.ok) {
      toast({ title: messages.emailRequiredTitle, description: check.error, variant: 'destructive' });
      return;
    }
    setDialog('sending');
    try {
      await adapter.auth.requestPasswordReset(check.value);
      toast({ title: messages.resetEmailSentTitle, description: messages.resetEmailSentDescription });
      setDialog('closed');
    } catch (caught) {
      toast({
        title: 'Error',
        description: isCourseError(caught) ? caught.message : 'Failed to send reset email. Please try again.',
        variant: 'destructive',
      });
      setDialog('open');
    }
  }

  return (
    <div className="card">
      <h1>Account</h1>
      <dl className="details">
        <div>
          <dt>Email</dt>
          <dd>{session.user.email}</dd>
        </div>
        <div>
          <dt>Member Since</dt>
          <dd>{formatDate(session.user.created_at)}</dd>
        </div>
      </dl>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            setEmail(session.user.email);
            setDialog('open');
          }}
        >
          Reset Password
        </button>
        <Link to="/progress" className="button">
          Course Progress
        </Link>
        <Link to="/modules" className="button">
          Course Modules
        </Link>
        <button type="button" className="button button-danger" onClick={() => void signOut()}>
          Sign Out
        </button>
      </div>
      <Dialog
        open={dialog !== 'closed'}
        title="Reset Password"
        description="We will send a link to reset your password to this address."
        onClose={() => setDialog('closed')}
      >
        <form onSubmit={sendReset} noValidate>
          <div className="field">
            <label htmlFor="reset-email">Email</label>
            <input id="reset-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setDialog('closed')}>
              Cancel
            </button>
            <button type="submit" className="button button-primary" disabled={dialog === 'sending'}>
              {dialog === 'sending' ? 'Sending...' : 'Send Reset Link'}
            </button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
