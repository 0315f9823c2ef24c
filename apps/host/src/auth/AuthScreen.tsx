import {
  isCourseError,
  mapAuthError,
  messages,
  sanitizeFormInput,
  validateEmail,
  validateName,
  validatePassword,
} from '@coursekit/core';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { useSession } from '../session/SessionProvider';
import { Fact, useCourseOutline } from '../session/useCourseOutline';
import { useToast } from '../ui/Toaster';
import { signInLimiter, signUpLimiter } from './authLimiters';
import { CompanySignInButton, useCompanySignIn, useCompanySignInLanding } from './CompanySignIn';

type Mode = 'signin' | 'signup';

/** learner §2: one form for /signin and /signup, with the spec's validation and messages. */
export function AuthScreen({ mode }: { mode: Mode }) {
  const { adapter, session, loading } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const outline = useCourseOutline();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [justSignedUp, setJustSignedUp] = useState(false);
  const errorId = useId();
  const signUp = mode === 'signup';
  const company = useCompanySignIn(email, !signUp);
  useCompanySignInLanding(setError);

  if (!loading && session && !submitting && !justSignedUp) return <Navigate to="/" replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const emailCheck = validateEmail(sanitizeFormInput(email));
    if (!emailCheck.ok) return setError(emailCheck.error);
    if (signUp) {
      const passwordCheck = validatePassword(password);
      if (!passwordCheck.ok) return setError(passwordCheck.error);
      const nameCheck = validateName(sanitizeFormInput(name) || undefined);
      if (!nameCheck.ok) return setError(nameCheck.error);
    } else if (!password) {
      return setError(messages.passwordRequired);
    }
    const limiter = signUp ? signUpLimiter : signInLimiter;
    if (!limiter.attempt(emailCheck.value).allowed) {
      console.warn('Security event: rate limit exceeded', { action: mode });
      return setError(signUp ? messages.rateLimitSignUp : messages.rateLimitSignIn);
    }
    setSubmitting(true);
    try {
      if (signUp) {
        const cleanName = sanitizeFormInput(name);
        const result = await adapter.auth.signUp({
          email: emailCheck.value,
          password,
          ...(cleanName ? { name: cleanName } : {}),
        });
        setJustSignedUp(true);
        toast({
          title: 'Account Created',
          description: 'Please check your email to verify your account before signing in.',
        });
        if (result.session) await navigate({ to: '/' });
        else await navigate({ to: '/signin' });
      } else {
        await adapter.auth.signIn({ email: emailCheck.value, password });
        toast({ title: 'Welcome back!' });
        await navigate({ to: '/' });
      }
    } catch (caught) {
      const mapped = mapAuthError(isCourseError(caught) ? caught : { message: String(caught) });
      setError(mapped.message);
    } finally {
      setSubmitting(false);
    }
  }

  async function forgotPassword() {
    const emailCheck = validateEmail(sanitizeFormInput(email));
    if (!emailCheck.ok) return setError(emailCheck.error);
    try {
      await adapter.auth.requestPasswordReset(emailCheck.value);
      toast({ title: messages.resetEmailSentTitle, description: messages.resetEmailSentDescription });
    } catch (caught) {
      toast({
        title: 'Error',
        description: isCourseError(caught) ? caught.message : 'Failed to send reset email. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="auth-card card">
      <h1>{signUp ? 'Create your account' : 'Sign in'}</h1>
      <p className="muted">
        <Fact outline={outline} width="24ch">
          {(course) => (signUp ? `Start the ${course.title} course.` : `Welcome back to ${course.title}.`)}
        </Fact>
      </p>
      <form onSubmit={onSubmit} noValidate aria-describedby={error ? errorId : undefined}>
        {signUp ? (
          <div className="field">
            <label htmlFor="auth-name">Full name (optional)</label>
            <input
              id="auth-name"
              name="name"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="auth-email">Email</label>
          <input
            id="auth-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="auth-password">Password</label>
          <input
            id="auth-password"
            name="password"
            type="password"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {error ? (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {company ? <CompanySignInButton organisation={company} email={email} /> : null}
        <button type="submit" className="button button-primary button-block" disabled={submitting}>
          {submitting ? (signUp ? 'Creating account...' : 'Signing in...') : signUp ? 'Sign Up' : 'Sign In'}
        </button>
      </form>
      {signUp ? (
        <p>
          Already have an account? <Link to="/signin">Sign in</Link>
        </p>
      ) : (
        <>
          <p>
            <button type="button" className="link-button" onClick={forgotPassword}>
              Forgot your password?
            </button>
          </p>
          <p>
            New here? <Link to="/signup">Create an account</Link>
          </p>
        </>
      )}
    </div>
  );
}
