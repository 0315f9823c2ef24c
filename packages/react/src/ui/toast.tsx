import { Toast } from 'radix-ui';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import * as s from './styles.css';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'error';
}

type ShowToast = (toast: ToastMessage) => void;
const ToastContext = createContext<ShowToast | null>(null);

/** Shows one of the spec's toasts (title / description) in the widget's own viewport. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside a CourseKit widget');
  return show;
}

/** The toast region: radix Toast announces each one politely to screen readers. */
export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Array<ToastMessage & { id: number }>>([]);
  const show = useCallback<ShowToast>((toast) => {
    setToasts((list) => [...list.slice(-2), { ...toast, id: Date.now() + Math.random() }]);
  }, []);
  const remove = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider swipeDirection="right" duration={5000}>
        {children}
        {toasts.map((t) => (
          <Toast.Root
            key={t.id}
            className={s.toast[t.variant ?? 'default']}
            type={t.variant === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) remove(t.id);
            }}
          >
            <Toast.Title className={s.toastTitle}>{t.title}</Toast.Title>
            {t.description ? <Toast.Description className={s.text}>{t.description}</Toast.Description> : null}
          </Toast.Root>
        ))}
        <Toast.Viewport className={s.toastViewport} label="Notifications ({hotkey})" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}
