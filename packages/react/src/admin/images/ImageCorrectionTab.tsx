import { adminMessages, type ImageCorrectionResult } from '@coursekit/core';
import * as s from '../../ui/styles.css';
import { ImageJobTab } from './ImageJobTab';
import { StatList } from './StatList';

/** Enhanced Image URL Management › Enhanced Correction: rewrites broken image links in lesson content. */
export function ImageCorrectionTab() {
  return (
    <ImageJobTab
      description={
        <>
          Fixes image links from the known file-name table, a fuzzy match against storage and URL clean-up.
          Content whose length or HTML changes too much is left untouched.
        </>
      }
      job={(admin, onProgress) => admin.images.correct(onProgress)}
      button={{ idle: 'Run Enhanced Correction', running: 'Correcting...' }}
      confirm={{
        title: 'Run Enhanced Correction?',
        description: 'Image links in lesson content will be rewritten where a correction is found.',
        confirmLabel: 'Run Correction',
      }}
      progressLabel="Enhanced correction"
      endToast={(end) => {
        if (end.phase === 'error')
          return {
            title: adminMessages.correctionFailedTitle,
            description: end.error.message,
            variant: 'error',
          };
        const r = end.result;
        const counts = `${r.corrected} corrected, ${r.skipped} skipped, ${r.failed} failed.`;
        return !r.success || r.failed > 0
          ? { title: adminMessages.correctionWithIssuesTitle, description: counts, variant: 'error' }
          : { title: 'Correction Complete', description: counts };
      }}
      summary={(result) => <CorrectionSummary result={result} />}
    />
  );
}

function CorrectionSummary({ result }: { result: ImageCorrectionResult }) {
  return (
    <div className={s.stack}>
      <StatList
        label="Correction summary"
        stats={[
          ['Corrected', result.corrected],
          ['Skipped', result.skipped],
          ['Failed', result.failed],
          ['Mapping corrections', result.summary.mappingCorrections],
          ['Total URLs', result.summary.totalUrls],
          ['Storage validations', result.summary.storageValidations],
        ]}
      />
      {result.details.length === 0 ? (
        <p className={s.muted}>No lessons needed a correction.</p>
      ) : (
        <ul className={s.list}>
          {result.details.map((d) => (
            <li key={d.lessonId} className={s.card} aria-label={`Lesson ${d.lessonId}: ${d.title}`}>
              <h4 className={s.subheading}>
                Lesson {d.lessonId}: {d.title}
              </h4>
              {d.corrections.map((c) => (
                <p key={`${c.from}→${c.to}`} className={s.text} style={{ wordBreak: 'break-all' }}>
                  <code>{c.from}</code> → <code>{c.to}</code> <span className={s.muted}>({c.method})</span>
                </p>
              ))}
              {d.warnings.map((w) => (
                <p key={w} className={s.muted}>
                  Warning: {w}
                </p>
              ))}
              {d.errors.map((e) => (
                <p key={e} className={s.score.red}>
                  Error: {e}
                </p>
              ))}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
