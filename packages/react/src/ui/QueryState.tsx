import { isCourseError } from '@coursekit/core';
import { useNavigate } from '../provider/navigation';
import * as s from './styles.css';

/** Loading placeholders: `count` skeleton cards, announced as busy. */
export function Skeletons({ count = 3, label = 'Loading...' }: { count?: number; label?: string }) {
  return (
    <div className={s.grid} role="status" aria-busy="true" aria-label={label}>
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
  return (
    <div className={s.card} role="alert">
      <p className={s.text}>{message}</p>
      <div>
        <button type="button" className={s.button.primary} onClick={() => navigate('/signin')}>
          Sign In
        </button>
      </div>
    </div>
  );
}

/** learner §2's generic error screen: 'Something went wrong', the message, Try Again. */
export function ErrorState({
  error,
  title = 'Something went wrong',
  retryLabel = 'Try Again',
  onRetry,
}: {
  error: unknown;
  title?: string;
  retryLabel?: string;
  onRetry: () => void;
}) {
  const message = isCourseError(error) || error instanceof Error ? error.message : String(error);
  return (
    <div className={s.card} role="alert">
      <h2 className={s.subheading}>{title}</h2>
      <p className={s.muted}>{message}</p>
      <div>
        <button type="button" className={s.button.secondary} onClick={onRetry}>
          {retryLabel}
        </button>
      </div>
    </div>
  );
}

export const isUnauthorized = (error: unknown) => isCourseError(error) && error.code === 'unauthorized';
