import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';

/** learner §2 / admin §2: the generic error screen. */
export function ErrorScreen({ error, reset }: Pick<ErrorComponentProps, 'error' | 'reset'>) {
  const router = useRouter();
  return (
    <div className="centered" role="alert">
      <h1>Something went wrong</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try Again
      </button>
    </div>
  );
}
