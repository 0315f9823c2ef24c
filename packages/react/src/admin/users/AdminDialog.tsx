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
