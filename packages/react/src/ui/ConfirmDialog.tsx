import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { useStrings } from '../strings/useStrings';
import * as s from './styles.css';
import { usePortalContainer } from './WidgetRoot';

export interface ConfirmDialogProps {
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/** A confirmation (radix AlertDialog: focus trapped, Escape cancels, focus returns to the trigger). */
export function ConfirmDialog({ trigger, title, description, confirmLabel, onConfirm }: ConfirmDialogProps) {
  const container = usePortalContainer();
  const t = useStrings();
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal container={container}>
        <AlertDialog.Overlay className={s.overlay} />
        <AlertDialog.Content className={s.dialog}>
          <AlertDialog.Title className={s.subheading}>{title}</AlertDialog.Title>
          <AlertDialog.Description className={s.text}>{description}</AlertDialog.Description>
          <div className={s.row}>
            <AlertDialog.Cancel className={s.button.secondary}>{t.cancel}</AlertDialog.Cancel>
            <AlertDialog.Action className={s.button.danger} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
