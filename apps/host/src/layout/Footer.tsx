import { Link } from '@tanstack/react-router';
import { usePlatformTexts } from '../session/SettingsProvider';

/** learner §1: the copyright line, with the platform's owner and year (System Settings). */
export function Footer() {
  const platform = usePlatformTexts();
  return (
    <footer className="site-footer">
      <p>{platform ? `© ${platform.copyright_year} ${platform.owner}. All rights reserved.` : '\u00a0'}</p>
      <p>
        <Link to="/about">About</Link>
      </p>
    </footer>
  );
}
