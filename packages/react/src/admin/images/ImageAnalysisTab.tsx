import { adminMessages, type ImageAnalysisResult } from '@coursekit/core';
import * as s from '../../ui/styles.css';
import { ImageJobTab } from './ImageJobTab';
import { StatList } from './StatList';

const SHOWN_URLS = 20;

/** Enhanced Image URL Management › Analysis: which lessons hold images and which links look broken. */
export function ImageAnalysisTab() {
  return (
    <ImageJobTab
      description={
        <>
          Scans every lesson for image links with double slashes, encoded or raw special characters, or an
          unexpected origin.
        </>
      }
      job={(admin, onProgress) => admin.images.analyze(onProgress)}
      button={{ idle: 'Run Analysis', running: 'Analyzing...' }}
      progressLabel="Analysis"
      endToast={(end) => {
        if (end.phase === 'done')
          return {
            title: 'Analysis Complete',
            description: `${end.result.problematicUrls.length} problematic URLs in ${end.result.lessonsWithImages} lessons with images.`,
          };
        // admin §8 points the admin to the console for the details.
        console.error('Image analysis failed', end.error);
        return {
          title: adminMessages.analysisFailedTitle,
          description: adminMessages.analysisFailed,
          variant: 'error',
        };
      }}
      summary={(result) => <AnalysisSummary result={result} />}
    />
  );
}

function AnalysisSummary({ result }: { result: ImageAnalysisResult }) {
  const more = result.problematicUrls.length - SHOWN_URLS;
  return (
    <div className={s.stack}>
      <StatList
        label="Analysis summary"
        stats={[
          ['Total lessons', result.totalLessons],
          ['Lessons with images', result.lessonsWithImages],
          ['Problematic URLs', result.problematicUrls.length],
          ['Encoding issues', result.encodingIssues],
        ]}
      />
      <h4 className={s.subheading}>URL patterns</h4>
      {result.urlPatterns.length === 0 ? (
        <p className={s.muted}>No image URLs found.</p>
      ) : (
        <ul className={s.list}>
          {result.urlPatterns.map((p) => (
            <li key={p.pattern} className={s.text}>
              <code>{p.pattern}</code> · {p.count} {p.count === 1 ? 'URL' : 'URLs'}
              {p.issues.length > 0 ? ` · ${p.issues.join(', ')}` : ''}
            </li>
          ))}
        </ul>
      )}
      {result.problematicUrls.length > 0 ? (
        <>
          <h4 className={s.subheading}>Problematic URLs</h4>
          <ul className={s.list}>
            {result.problematicUrls.slice(0, SHOWN_URLS).map((u) => (
              <li key={`${u.lessonId}:${u.url}`} className={s.text}>
                Lesson {u.lessonId}: <code style={{ wordBreak: 'break-all' }}>{u.url}</code> —{' '}
                {u.issues.join(', ')}
              </li>
            ))}
          </ul>
          {more > 0 ? <p className={s.muted}>…and {more} more.</p> : null}
        </>
      ) : null}
    </div>
  );
}
