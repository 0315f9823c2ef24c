import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useSystemSettings } from '../session/SettingsProvider';
import { useIsAdmin } from '../session/useIsAdmin';

// The CoursePlayer widget shows the system message itself on its screens; one banner is enough.
const PLAYER_PATHS = /^\/(course\/?$|modules\/?$|module\/|module-page\/|lesson\/)/;

/** learner §2: the system message; dismissing hides it until the message changes. */
export function SystemBanner() {
  const { settings } = useSystemSettings();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const onPlayerScreen = useRouterState({ select: (state) => PLAYER_PATHS.test(state.location.pathname) });
  const message = settings?.system_message?.trim();
  // …unless the maintenance page stands in for the player.
  const { isAdmin } = useIsAdmin();
  const playerShown = onPlayerScreen && !(settings?.maintenance_mode && !isAdmin);
  if (!message || message === dismissed || playerShown) return null;
  const type = settings?.system_message_type ?? 'info';
  return (
    <section className={`banner banner-${type}`} aria-label="System message">
      <p role={type === 'error' ? 'alert' : 'status'}>{message}</p>
      <button type="button" className="banner-close" onClick={() => setDismissed(message)}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Dismiss system message</span>
      </button>
    </section>
  );
}
