import { adminMessages, type ImageValidationResult } from '@coursekit/core';
import * as s from '../../ui/styles.css';
import { ImageJobTab } from './ImageJobTab';
import { StatList } from './StatList';

/** Enhanced Image URL Management › Validation: requests every image link and reports the broken ones. */
export function ImageValidationTab() {
  return (
    <ImageJobTab
      description="Checks that every image link in the lessons answers, in small batches."
      job={(admin, onProgress) => admin.images.validate(onProgress)}
      button={{ idle: 'Run Validation', running: 'Validating...' }}
      progressLabel="Validation"
      endToast={(end) =>
        end.phase === 'error'
          ? { title: adminMessages.validationFailedTitle, description: end.error.message, variant: 'error' }
          : {
              title: 'Validation Complete',
              description: `${end.result.valid} of ${end.result.total} image URLs are valid.`,
            }
      }
      summary={(result) => <ValidationSummary result={result} />}
    />
  );
}

function ValidationSummary({ result }: { result: ImageValidationResult }) {
  return (
    <div className={s.stack}>
      <StatList
        label="Validation summary"
        stats={[
          ['Total', result.total],
          ['Valid', result.valid],
          ['Invalid', result.invalid],
        ]}
      />
      {result.errors.length > 0 ? (
        <>
          <h4 className={s.subheading}>Errors</h4>
          <ul className={s.list}>
            {result.errors.map((e) => (
              <li key={e.url} className={s.text}>
                <code style={{ wordBreak: 'break-all' }}>{e.url}</code> — {e.status ?? 'no response'}:{' '}
                {e.error}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {result.slow && result.slow.length > 0 ? (
        <>
          <h4 className={s.subheading}>Slow images</h4>
          <ul className={s.list}>
            {result.slow.map((e) => (
              <li key={e.url} className={s.text}>
                <code style={{ wordBreak: 'break-all' }}>{e.url}</code> — {Math.round(e.ms)} ms
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h4 className={s.subheading}>Recommendations</h4>
      {result.summary.recommendations.length === 0 ? (
        <p className={s.muted}>No recommendations.</p>
      ) : (
        <ul className={s.list}>
          {result.summary.recommendations.map((r) => (
            <li key={r} className={s.text}>
              {r}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
