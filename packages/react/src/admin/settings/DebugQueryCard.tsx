import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { useAdmin } from '../useAdmin';

/** admin §2: the separate debug card — what the server reads for the settings, with timings. */
export function DebugQueryCard() {
  const admin = useAdmin();
  const toast = useToast();
  const id = useId();
  const debug = useMutation({
    mutationFn: () => admin.settings.debug(),
    onError: (error) => toast({ title: 'Debug Query Failed', description: error.message, variant: 'error' }),
  });
  return (
    <section className={s.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={s.subheading}>
        Debug
      </h3>
      <p className={a.small}>Reads the system settings straight from the server.</p>
      <div>
        <button
          type="button"
          className={s.button.secondary}
          disabled={debug.isPending}
          onClick={() => debug.mutate()}
        >
          {debug.isPending ? 'Running...' : 'Run Debug Query'}
        </button>
      </div>
      {debug.data ? (
        <pre className={a.code} aria-live="polite">
          {JSON.stringify(debug.data, null, 2)}
        </pre>
      ) : null}
    </section>
  );
}
