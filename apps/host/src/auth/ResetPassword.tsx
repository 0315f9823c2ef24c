import { isCourseError, messages, validateResetPasswordForm } from '@coursekit/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useAdapter } from '../session/SessionProvider';
import { useToast } from '../ui/Toaster';

type Stage = 'verifying' | 'valid' | 'invalid';

/** Reads a recovery link's tokens from the URL hash (`#access_token=…&refresh_token=…&type=recovery`). */
export function recoveryTokens(hash: string): { access_token: string; refresh_token: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const access = params.get('access_token');
  const refresh = params.get('refresh_token');
  if (params.get('type') !== 'recovery' || !access || !refresh) return null;
  return { access_token: access, refresh_token: refresh };
}

/** learner §2 /reset-password: verifying, then the form or 'Invalid Reset Link'. */
export function ResetPassword() {
  const adapter = useAdapter();
  const navigate = useNavigate();
  const toast = useToast();
  const [stage, setStage] = useState<Stage>('verifying');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = useId();

  useEffect(() => {
    let active = true;
    const tokens = recoveryTokens(window.location.hash);
    const check = async () => {
      if (tokens) {
        try {
          await adapter.auth.setSession(tokens);
          // The tokens have been exchanged; keep them out of history and screenshots.
          window.history.replaceState(null, '', window.location.pathname);
          return true;
        } catch {
          toast({
            title: 'Error',
            description: 'Invalid or expired reset link. Please request a new one.',
            variant: 'destructive',
          });
          return false;
        }
      }
      return (await adapter.auth.getSession().catch(() => null)) !== null;
    };
    check()
      .then((ok) => active && setStage(ok ? 'valid' : 'invalid'))
      .catch(() => {
        if (!active) return;
        toast({ title: 'Error', description: 'Failed to process reset link. Please try again.' });
        setStage('invalid');
      });
    return () => {
      active = false;
    };
  }, [adapter, toast]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const check = validateResetPasswordForm(password, confirm);
    if (!check.ok) return setError(check.error);
    setError(null);
    setSaving(true);
    try {
      await adapter.auth.updatePassword(check.value);
      toast({ title: 'Password updated successfully! You can now sign in with your new password.' });
      await adapter.auth.signOut();
      await navigate({ to: '/signin' });
    } catch (caught) {
      setError(isCourseError(caught) ? caught.message : messages.authUnexpected);
    } finally {
      setSaving(false);
    }
  }

  if (stage === 'verifying') {
    return (
      <div className="loading-screen" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>Verifying reset link...</p>
      </div>
    );
  }
  if (stage === 'invalid') {
    return (
      <div className="auth-card card">
        <h1>Invalid Reset Link</h1>
        <p>This password reset link is invalid or has expired. Please request a new one.</p>
        <Link to="/signin" className="button button-primary">
          Back to Sign In
        </Link>
      </div>
    );
  }
  return (
    <div className="auth-card card">
      <h1>Set a new password</h1>
      <form onSubmit={onSubmit} noValidate aria-describedby={error ? errorId : undefined}>
        <div className="field">
          <label htmlFor="new-password">New password</label>
          <input
            id="new-password"
            type={show ? 'text' : 'password'}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="confirm-password">Confirm password</label>
          <input
            id="confirm-password"
            type={show ? 'text' : 'password'}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        <button type="button" className="link-button" aria-pressed={show} onClick={() => setShow((v) => !v)}>
          {show ? 'Hide passwords' : 'Show passwords'}
        </button>
        {error ? (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-primary button-block" disabled={saving}>
          {saving ? 'Updating...' : 'Update Password'}
        </button>
      </form>
    </div>
  );
}
