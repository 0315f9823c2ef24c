import * as s from '../ui/styles.css';

/**
 * What a screen of the studio shows while its code or data is on its way (a lazy part's Suspense
 * fallback): said as a status, so a screen reader hears it, and marked busy.
 */
export function StudioLoading({ what }: { what: string }) {
  return (
    <p className={s.muted} role="status" aria-busy="true">
      Loading {what}...
    </p>
  );
}
