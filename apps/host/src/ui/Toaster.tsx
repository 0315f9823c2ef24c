import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

export interface Toast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

type ToastFn = (toast: Toast) => void;
const ToastContext = createContext<ToastFn | null>(null);

const TOAST_MS = 6000;

/** The host's toasts (learner §8), announced politely to screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Array<Toast & { id: number }>>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback<ToastFn>(
    (toast) => {
      const id = Date.now() + Math.random();
      setToasts((all) => [...all.slice(-2), { ...toast, id }]);
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section className="toasts" aria-live="polite" aria-label="Notifications">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.variant ?? 'default'}`}>
            <p className="toast-title">{toast.title}</p>
            {toast.description ? <p className="toast-description">{toast.description}</p> : null}
            <button type="button" className="toast-close" onClick={() => dismiss(toast.id)}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Dismiss notification</span>
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastFn {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast needs a <ToastProvider> above it in the tree.');
  return value;
}
