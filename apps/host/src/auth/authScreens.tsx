// The account screens, loaded on demand (the landing page does not need the form rules).
import { useSearch } from '@tanstack/react-router';
import { AuthScreen } from './AuthScreen';
import { VerificationSuccess as VerificationPage } from './VerificationSuccess';

export { ResetPassword } from './ResetPassword';

export function SignIn() {
  return <AuthScreen mode="signin" />;
}

export function SignUp() {
  return <AuthScreen mode="signup" />;
}

export function VerificationSuccess() {
  const { token } = useSearch({ strict: false });
  return <VerificationPage token={token} />;
}
