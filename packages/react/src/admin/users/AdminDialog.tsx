import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import * as s from '../../ui/styles.css';
import { usePortalContainer } from '../../ui/WidgetRoot';
import * as a from '../admin.css';

export interface AdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
}

/** A console dialog (radix Dialog: focus trapped, Escape closes, focus returns to the opener). */
export function AdminDialog({ open, onOpenChange, title, description, children }: AdminDialogProps) {
  const container = usePortalContainer();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal container={container}>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content className={`${s.dialog} ${a.wideDialog}`}>
          <Dialog.Title className={s.subheading}>{title}</Dialog.Title>
          <Dialog.Description className={s.muted}>{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export interface AdminConfirmDialogProps extends Omit<AdminDialogProps, 'children' | 'onOpenChange'> {
  /** Closes the dialog; not called while the action runs. */
  onClose: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  /** What the confirm button says while the action runs. */
  pendingLabel?: string;
  cancelLabel: string;
  pending: boolean;
  /** The refusal of the last try, in the server's words. */
  error?: string | null;
  /** False keeps the confirm button disabled (e.g. until every box is ticked). */
  ready?: boolean;
  tone?: 'danger' | 'primary';
  /** What the person confirms beyond the description (checkboxes, a reason). */
  children?: ReactNode;
}

/** A console confirmation: the question, the last refusal, Cancel and the action. */
export function AdminConfirmDialog({
  onClose,
  onConfirm,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  pending,
  error,
  ready = true,
  tone = 'danger',
  children,
  ...dialog
}: AdminConfirmDialogProps) {
  return (
    <AdminDialog {...dialog} onOpenChange={(open) => !open && !pending && onClose()}>
      {children}
      {error ? (
        <p role="alert" className={a.fieldError}>
          {error}
        </p>
      ) : null}
      <div className={s.row}>
        <button type="button" className={s.button.secondary} onClick={onClose}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={tone === 'danger' ? s.button.danger : s.button.primary}
          disabled={!ready || pending}
          onClick={onConfirm}
        >
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </button>
      </div>
    </AdminDialog>
  );
}
