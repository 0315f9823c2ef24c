import { type ReactNode, useState } from 'react';
import * as a from '../admin/admin.css';
import * as s from '../ui/styles.css';
import * as st from './studio.css';

/** The widths a preview is shown at: a phone's (375 CSS px) and the page's. */
export type PreviewWidth = keyof typeof st.previewFrame;

/**
 * What a learner will see, at a phone's width or a desktop's: the author switches, and the preview
 * keeps the learner's own widget and styles inside.
 */
export function PreviewFrame({ label, children }: { label: string; children: ReactNode }) {
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  return (
    <section className={s.stack} aria-label={label}>
      <fieldset className={`${s.fieldset} ${s.row}`}>
        <legend className={s.visuallyHidden}>Width of the {label.toLowerCase()}</legend>
        {(
          [
            ['phone', 'Phone (375 px)'],
            ['desktop', 'Desktop'],
          ] as const
        ).map(([key, text]) => (
          <button
            key={key}
            type="button"
            className={`${width === key ? s.button.primary : s.button.secondary} ${a.smallButton}`}
            aria-pressed={width === key}
            onClick={() => setWidth(key)}
          >
            {text}
          </button>
        ))}
      </fieldset>
      <div className={st.previewFrame[width]} data-width={width}>
        {children}
      </div>
    </section>
  );
}
