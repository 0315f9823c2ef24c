import { Link } from '@tanstack/react-router';
import { useState } from 'react';

/** learner §1: the logo links to /; if the image fails, the text 'Data Management Course' replaces it. */
export function Logo({ src = '/logo.svg' }: { src?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <Link to="/" className="logo">
      {failed ? (
        <span className="logo-text">Data Management Course</span>
      ) : (
        <>
          <img src={src} alt="" width={32} height={32} onError={() => setFailed(true)} />
          <span className="logo-text">Data Management Course</span>
        </>
      )}
    </Link>
  );
}
