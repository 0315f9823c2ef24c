import { COURSE_TIME, type SystemSettings } from '@coursekit/core';
import { useEffect, useState } from 'react';
import * as s from '../ui/styles.css';

/** learner §2: the dismissible system message; it comes back when the message changes. */
export function SystemBanner({ settings }: { settings: SystemSettings }) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  const message = settings.system_message;
  useEffect(() => setDismissed((d) => (d === message ? d : null)), [message]);
  if (!message || dismissed === message) return null;
  return (
    <div className={s.banner[settings.system_message_type]} role="status">
      <p className={s.text} style={{ flex: 1 }}>
        {message}
      </p>
      <button type="button" className={s.button.link} onClick={() => setDismissed(message)}>
        Dismiss
      </button>
    </div>
  );
}

/** learner §2's maintenance page, as the embedded player shows it to learners. */
export function MaintenanceNotice() {
  return (
    <div className={s.card} role="alert">
      <h2 className={s.heading}>Under Maintenance</h2>
      <p className={s.text}>We are currently performing scheduled maintenance to improve your experience.</p>
      <p className={s.text}>Expected Duration: {COURSE_TIME.maintenanceDuration}</p>
      <p className={s.muted}>Please check back shortly.</p>
      <p className={s.muted}>If the problem persists, please contact support.</p>
    </div>
  );
}
