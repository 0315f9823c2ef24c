import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from 'react';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'error';
}

export type ShownToast = ToastMessage & { id: number };
type ShowToast = (toast: ToastMessage) => void;
const ToastContext = createContext<ShowToast | null>(null);

// The toast region (radix Toast) loads with the first toast: a page that shows none never downloads
// it. `preloadToasts` starts the download when an action that will toast begins.
const loadRegion = () => import('./ToastRegion');
const ToastRegion = lazy(() => loadRegion().then((m) => ({ default: m.ToastRegion })));

/** Starts loading the toast region ahead of the first toast (an action that ends in one has begun). */
export function preloadToasts(): void {
  void loadRegion();
}

/** Shows one of the spec's toasts (title / description) in the widget's own viewport. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside a CourseKit widget');
  return show;
}

/** Gives the widget's content `useToast`; the region appears with the first toast and stays. */
export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[] | null>(null);
  const show = useCallback<ShowToast>((toast) => {
    setToasts((list) => [...(list ?? []).slice(-2), { ...toast, id: Date.now() + Math.random() }]);
  }, []);
  const remove = useCallback(
    (id: number) => setToasts((list) => list?.filter((t) => t.id !== id) ?? null),
    [],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      {toasts ? (
        <Suspense fallback={null}>
          <ToastRegion toasts={toasts} onClose={remove} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
