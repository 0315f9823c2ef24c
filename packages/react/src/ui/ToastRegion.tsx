import * as Toast from '@radix-ui/react-toast';
import { useStrings } from '../strings/useStrings';
import * as s from './styles.css';
import type { ShownToast } from './toast';

/** The toast region: radix Toast announces each one politely to screen readers. */
export function ToastRegion({ toasts, onClose }: { toasts: ShownToast[]; onClose: (id: number) => void }) {
  const t = useStrings();
  return (
    <Toast.Provider swipeDirection="right" duration={5000} label={t.notificationLabel}>
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          className={s.toast[toast.variant ?? 'default']}
          type={toast.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) onClose(toast.id);
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
  );
}
