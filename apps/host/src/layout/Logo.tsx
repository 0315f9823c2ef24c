import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { usePlatformTexts } from '../session/SettingsProvider';

/** learner §1: the logo links to /; if the image fails, the site's name (System Settings) replaces it. */
export function Logo({ src = '/logo.svg' }: { src?: string }) {
  const [failed, setFailed] = useState(false);
  const name = usePlatformTexts()?.site_name ?? '';
  return (
    <Link to="/" className="logo">
      {failed ? (
        <span className="logo-text">{name}</span>
      ) : (
        <>
          <img src={src} alt="" width={32} height={32} onError={() => setFailed(true)} />
          <span className="logo-text">{name}</span>
        </>
      )}
    </Link>
  );
}
