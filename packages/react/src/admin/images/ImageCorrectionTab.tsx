import { adminMessages, type ImageCorrectionResult } from '@coursekit/core';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import * as s from '../../ui/styles.css';
import { useToast } from '../../ui/toast';
import { useAdmin } from '../useAdmin';
import { JobProgress } from './JobProgress';
import { StatList } from './StatList';
import { useImageJob } from './useImageJob';

/** Enhanced Image URL Management › Enhanced Correction: rewrites broken image links in lesson content. */
export function ImageCorrectionTab() {
  const admin = useAdmin();
  const toast = useToast();
  const { state, start } = useImageJob((onProgress) => admin.images.correct(onProgress));

  async function run() {
    const end = await start();
    if (end.phase === 'error') {
      toast({ title: adminMessages.correctionFailedTitle, description: end.error.message, variant: 'error' });
    } else if (end.phase === 'done') {
      const r = end.result;
      const counts = `${r.corrected} corrected, ${r.skipped} skipped, ${r.failed} failed.`;
      if (!r.success || r.failed > 0) {
        toast({ title: adminMessages.correctionWithIssuesTitle, description: counts, variant: 'error' });
      } else {
        toast({ title: 'Correction Complete', description: counts });
      }
    }
  }

  return (
    <div className={s.stack}>
      <p className={s.muted}>
        Fixes image links from the known file-name table, a fuzzy match against storage and URL clean-up.
        Content whose length or HTML changes too much is left untouched.
      </p>
      <div>
        <ConfirmDialog
          trigger={
            <button type="button" className={s.button.primary} disabled={state.phase === 'running'}>
              {state.phase === 'running' ? 'Correcting...' : 'Run Enhanced Correction'}
            </button>
          }
          title="Run Enhanced Correction?"
          description="Image links in lesson content will be rewritten where a correction is found."
          confirmLabel="Run Correction"
          onConfirm={() => void run()}
        />
      </div>
      <JobProgress state={state} label="Enhanced correction" />
      {state.phase === 'done' ? <CorrectionSummary result={state.result} /> : null}
    </div>
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
