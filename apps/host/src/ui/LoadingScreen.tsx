/** learner §2: a spinner with 'Loading...' or 'Checking permissions...'. */
export function LoadingScreen({
  label = 'Loading...',
}: {
  label?: 'Loading...' | 'Checking permissions...';
}) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}
