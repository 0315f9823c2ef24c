import { Toast } from 'radix-ui';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useStrings } from '../strings/useStrings';
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
  const t = useStrings();
  const [toasts, setToasts] = useState<Array<ToastMessage & { id: number }>>([]);
  const show = useCallback<ShowToast>((toast) => {
    setToasts((list) => [...list.slice(-2), { ...toast, id: Date.now() + Math.random() }]);
  }, []);
  const remove = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider swipeDirection="right" duration={5000} label={t.notificationLabel}>
        {children}
        {toasts.map((toast) => (
          <Toast.Root
            key={toast.id}
            className={s.toast[toast.variant ?? 'default']}
            type={toast.variant === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) remove(toast.id);
            }}
          >
            <Toast.Title className={s.toastTitle}>{toast.title}</Toast.Title>
            {toast.description ? (
              <Toast.Description className={s.text}>{toast.description}</Toast.Description>
            ) : null}
          </Toast.Root>
        ))}
        {/* radix fills {hotkey} in the label with the key that jumps to the toasts (F8) */}
        <Toast.Viewport className={s.toastViewport} label={t.notificationsRegion} />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}
