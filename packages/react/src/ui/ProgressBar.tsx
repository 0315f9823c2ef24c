import * as Progress from '@radix-ui/react-progress';
import * as s from './styles.css';

/** A labelled progress bar (radix Progress: role progressbar with its value). */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <Progress.Root className={s.progressTrack} value={value} aria-label={label}>
      <Progress.Indicator
        className={s.progressIndicator}
        style={{ transform: `translateX(-${100 - value}%)` }}
      />
    </Progress.Root>
  );
}
