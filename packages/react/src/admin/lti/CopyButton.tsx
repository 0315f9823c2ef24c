import { formatString } from '../../strings/formatString';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import * as a from '../admin.css';
import { ltiStrings as t } from './ltiStrings';

/** Copies `text` to the clipboard and says so; `name` says what it is, for the label and the toast. */
export function CopyButton({ name, text }: { name: string; text: string }) {
  const toast = useToast();
  const label = name.charAt(0).toLowerCase() + name.slice(1);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t.copied, description: formatString(t.copiedDescription, { name: label }) });
    } catch {
      toast({ title: t.copyFailed, variant: 'error' });
    }
  };
  return (
    <button
      type="button"
      className={`${s.button.secondary} ${a.smallButton}`}
      aria-label={formatString(t.copyLabel, { name: label })}
      onClick={() => void copy()}
    >
      {t.copy}
    </button>
  );
}
