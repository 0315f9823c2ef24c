import { useId } from 'react';
import * as s from '../../ui/styles.css';
import * as a from '../admin.css';
import { CourseManagement } from '../courses/CourseManagement';
import { ImageUrlManagement } from '../images/ImageUrlManagement';
import { useAdminCourse } from '../useAdmin';
import { ContentManagementSystem } from './ContentManagementSystem';
import { PackageExport } from './PackageExport';
import { LOADABLE_MODULES, useContentOperations } from './useContentOperations';

/**
 * admin §2 Content Management (the console's tab, and /content-loader alone, DESIGN decision 1):
 * the quick operations, their Operation Results, the per-module panel, the LMS packages (of the
 * picked course), the platform's courses and the image-link tools.
 */
export function ContentTools({ headingLevel }: { headingLevel: 2 | 3 }) {
  // A course's tools start afresh when another course is picked (module statuses, a tool's result).
  const { course } = useAdminCourse();
  return (
    <div className={s.stack}>
      <CourseContentTools key={course ?? ''} headingLevel={headingLevel} />
      <CourseManagement headingLevel={headingLevel} />
      <ImageUrlManagement key={course ?? ''} />
    </div>
  );
}

/** The picked course's loads, their results, the per-module panel and its LMS packages. */
function CourseContentTools({ headingLevel }: { headingLevel: 2 | 3 }) {
  const ops = useContentOperations();
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const disabled = ops.busy !== null;
  const label = (key: string, idle: string, working = 'Loading...') => (ops.busy === key ? working : idle);
  return (
    <>
      <section className={s.card} aria-labelledby={`${id}-content`}>
        <Heading id={`${id}-content`} className={headingLevel === 2 ? s.heading : s.subheading}>
          Content Management
        </Heading>
        <div className={s.row}>
          <button
            type="button"
            className={s.button.primary}
            disabled={disabled}
            onClick={() => void ops.loadAll()}
          >
            {label('all', 'Load All Modules')}
          </button>
          <button
            type="button"
            className={s.button.secondary}
            disabled={disabled}
            onClick={() => void ops.refreshImages()}
          >
            {label('images', 'Refresh All Images', 'Refreshing...')}
          </button>
        </div>
        <div className={s.row}>
          {LOADABLE_MODULES.map((n) => (
            <button
              key={n}
              type="button"
              className={s.button.secondary}
              disabled={disabled}
              onClick={() => void ops.loadModule(n)}
            >
              {label(`module-${n}`, `Module ${n}`)}
            </button>
          ))}
        </div>
      </section>
      <section className={s.card} aria-labelledby={`${id}-operations`}>
        <Sub id={`${id}-operations`} className={s.subheading}>
          Operation Results
        </Sub>
        {ops.operations.length === 0 ? (
          <p className={s.muted}>No operations yet.</p>
        ) : (
          <ul className={s.list} aria-live="polite">
            {ops.operations.map((op) => {
              const tone = op.success ? 'success' : 'failure';
              return (
                <li key={op.id} className={a.result[tone]}>
                  <span className={a.resultLabel[tone]}>{op.success ? '✓ Success' : '✗ Failed'}</span>{' '}
                  <span>
                    <strong>{op.type}</strong> · {new Date(op.timestamp).toLocaleString()} — {op.message}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <ContentManagementSystem ops={ops} headingLevel={headingLevel} />
      <PackageExport headingLevel={headingLevel} />
    </>
  );
}
