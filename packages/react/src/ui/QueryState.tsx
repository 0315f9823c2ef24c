import { isCourseError } from '@coursekit/core';
import type { ReactNode } from 'react';
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

/**
 * A list's block: its skeletons while the query loads, its error with a retry, the `empty` line
 * when the answer holds nothing, else what `children` makes of the answer.
 */
export function QueryBlock<T>({
  query,
  skeletons = 2,
  loadingLabel,
  failedTitle,
  retryLabel,
  empty,
  isEmpty,
  children,
}: {
  query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  skeletons?: number;
  loadingLabel: string;
  failedTitle: string;
  retryLabel: string;
  empty: ReactNode;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    return (
      <ErrorState
        error={query.error}
        title={failedTitle}
        retryLabel={retryLabel}
        onRetry={() => query.refetch()}
      />
    );
  }
  if (query.data === undefined) return <Skeletons count={skeletons} label={loadingLabel} />;
  if (isEmpty(query.data)) return <p className={s.muted}>{empty}</p>;
  return <>{children(query.data)}</>;
}

export const isUnauthorized = (error: unknown) => isCourseError(error) && error.code === 'unauthorized';
