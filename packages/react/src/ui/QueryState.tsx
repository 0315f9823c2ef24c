import { isCourseError } from '@coursekit/core';
import { useNavigate } from '../provider/navigation';
import { useStrings } from '../strings/useStrings';
import * as s from './styles.css';

/** Loading placeholders: `count` skeleton cards, announced as busy. */
export function Skeletons({ count = 3, label }: { count?: number; label?: string }) {
  const t = useStrings();
  return (
    <div className={s.grid} role="status" aria-busy="true" aria-label={label ?? t.loading}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <div key={i} className={s.skeleton} data-testid="skeleton" />
      ))}
    </div>
  );
}

/** learner §2's sign-in prompts: 'Please sign in to …' with a Sign In link to /signin. */
export function SignInPrompt({ message }: { message: string }) {
  const navigate = useNavigate();
  const t = useStrings();
  return (
    <div className={s.card} role="alert">
      <p className={s.text}>{message}</p>
      <div>
        <button type="button" className={s.button.primary} onClick={() => navigate('/signin')}>
          {t.signIn}
        </button>
      </div>
    </div>
  );
}

/** learner §2's generic error screen: 'Something went wrong', the message (as the server sent it), Try Again. */
export function ErrorState({
  error,
  title,
  retryLabel,
  onRetry,
}: {
  error: unknown;
  title?: string;
  retryLabel?: string;
  onRetry: () => void;
}) {
  const t = useStrings();
  const message = isCourseError(error) || error instanceof Error ? error.message : String(error);
  return (
    <div className={s.card} role="alert">
      <h2 className={s.subheading}>{title ?? t.errorTitle}</h2>
      <p className={s.muted}>{message}</p>
      <div>
        <button type="button" className={s.button.secondary} onClick={onRetry}>
          {retryLabel ?? t.tryAgain}
        </button>
      </div>
    </div>
  );
}

export const isUnauthorized = (error: unknown) => isCourseError(error) && error.code === 'unauthorized';
