import * as Dialog from '@radix-ui/react-dialog';
import { formatString } from '../strings/formatString';
import { playerStrings } from '../strings/playerStrings';
import { useStrings } from '../strings/useStrings';
import * as s from '../ui/styles.css';
import { usePortalContainer } from '../ui/WidgetRoot';

export interface ModuleCompletedDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  moduleName: string;
  onContinue: () => void;
}

/** learner §2: the dialog that congratulates on a completed module and leads on with Continue. */
export function ModuleCompletedDialog({
  open,
  onOpenChange,
  moduleName,
  onContinue,
}: ModuleCompletedDialogProps) {
  const t = useStrings(playerStrings);
  const container = usePortalContainer();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal container={container}>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content className={s.dialog}>
          <Dialog.Title className={s.subheading}>{t.congratulations}</Dialog.Title>
          <Dialog.Description className={s.text}>
            {formatString(t.moduleCompletedBody, { module: moduleName })}
          </Dialog.Description>
          <div>
            <button type="button" className={s.button.primary} onClick={onContinue}>
              {t.moduleCompletedContinue}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
