import { isCourseError, type PackageFormat } from '@coursekit/core';
import { useId, useState } from 'react';
import * as s from '../../ui/styles.css';
import * as a from '../admin.css';
import { saveBlob } from '../saveBlob';
import { useAdmin } from '../useAdmin';

const FORMATS: ReadonlyArray<{ format: PackageFormat; label: string }> = [
  { format: 'scorm12', label: 'SCORM 1.2' },
  { format: 'scorm2004', label: 'SCORM 2004' },
  { format: 'cmi5', label: 'cmi5' },
];

interface Outcome {
  ok: boolean;
  text: string;
}

/**
 * The course for an LMS: one button per package format, each saving a zip the LMS imports
 * as it is. Shown only when the adapter can export (`admin.content.exportPackage`).
 */
export function PackageExport({ headingLevel }: { headingLevel: 2 | 3 }) {
  const { content } = useAdmin();
  const id = useId();
  const [busy, setBusy] = useState<PackageFormat | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (!content.exportPackage) return null;
  const Heading = headingLevel === 2 ? 'h3' : 'h4';

  async function run(format: PackageFormat, label: string) {
    setBusy(format);
    setOutcome(null);
    try {
      const download = await content.exportPackage!(format);
      saveBlob(download.data, download.fileName);
      const kb = Math.max(1, Math.round(download.data.size / 1024));
      setOutcome({ ok: true, text: `${label} package saved as ${download.fileName} (${kb} KB).` });
    } catch (error) {
      const reason = isCourseError(error) ? error.message : 'An unexpected error occurred.';
      setOutcome({ ok: false, text: `The ${label} package could not be exported: ${reason}` });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={s.card} aria-labelledby={`${id}-lms`}>
      <Heading id={`${id}-lms`} className={s.subheading}>
        LMS Packages
      </Heading>
      <p className={s.muted}>
        The course as a zip your LMS imports as it is. The package holds the quiz answer keys, and learners’
        results stay in the LMS, not in this console.
      </p>
      <div className={s.row}>
        {FORMATS.map(({ format, label }) => (
          <button
            key={format}
            type="button"
            className={s.button.secondary}
            disabled={busy !== null}
            onClick={() => void run(format, label)}
          >
            {busy === format ? 'Exporting...' : `Export ${label}`}
          </button>
        ))}
      </div>
      <p aria-live="polite" className={outcome ? a.result[outcome.ok ? 'success' : 'failure'] : undefined}>
        {outcome ? (
          <>
            <span className={a.resultLabel[outcome.ok ? 'success' : 'failure']}>
              {outcome.ok ? '✓ Success' : '✗ Failed'}
            </span>{' '}
            {outcome.text}
          </>
        ) : null}
      </p>
    </section>
  );
}
