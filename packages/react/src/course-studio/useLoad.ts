import { useCallback, useEffect, useState } from 'react';

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Loads something once (and again on `reload`), with its error. */
export function useLoad<T>(load: () => Promise<T>) {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean; loads: number }>({
    loading: true,
    loads: 0,
  });
  const run = useCallback(() => {
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => setState((s) => ({ data, loading: false, loads: s.loads + 1 })),
      (error) => setState((s) => ({ ...s, error: messageOf(error), loading: false })),
    );
  }, [load]);
  useEffect(run, [run]);
  return { ...state, reload: run };
}
