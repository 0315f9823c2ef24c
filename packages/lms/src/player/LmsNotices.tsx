import { useEffect, useState } from 'react';
import type { LmsConnection } from '../adapter/createPackageAdapter';

/**
 * What the learner should know about the LMS connection: not connected, not started, a value the
 * LMS refused, an LRS that does not answer, saved progress from an older course. Errors and warnings
 * are alerts (read out at once); the rest is a status.
 */
export function LmsNotices({ connection }: { connection: LmsConnection }) {
  const [problems, setProblems] = useState(connection.problems);
  useEffect(() => {
    setProblems(connection.problems());
    return connection.subscribe(setProblems);
  }, [connection]);
  if (problems.length === 0) return null;
  return (
    <div className="ck-package-notices">
      {problems.map((p) => (
        <p
          key={p.kind}
          className={`ck-package-notice ck-package-notice-${p.severity}`}
          role={p.severity === 'info' ? 'status' : 'alert'}
          data-lms-problem={p.kind}
        >
          {p.message}
        </p>
      ))}
    </div>
  );
}
