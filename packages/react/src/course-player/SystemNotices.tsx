import type { SystemSettings } from '@coursekit/core';
import { useEffect, useState } from 'react';
import { formatString } from '../strings/formatString';
import { playerStrings } from '../strings/playerStrings';
import { useStrings } from '../strings/useStrings';
import * as s from '../ui/styles.css';

/** learner §2: the dismissible system message; it comes back when the message changes. */
export function SystemBanner({ settings }: { settings: SystemSettings }) {
  const t = useStrings(playerStrings);
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
        {t.dismiss}
      </button>
    </div>
  );
}

/** learner §2's maintenance page, as the embedded player shows it to learners. */
export function MaintenanceNotice() {
  const t = useStrings(playerStrings);
  return (
    <div className={s.card} role="alert">
      <h2 className={s.heading}>{t.maintenanceTitle}</h2>
      <p className={s.text}>{t.maintenanceBody}</p>
      <p className={s.text}>{formatString(t.maintenanceExpected, { duration: t.maintenanceDuration })}</p>
      <p className={s.muted}>{t.maintenanceCheckBack}</p>
      <p className={s.muted}>{t.maintenanceSupport}</p>
    </div>
  );
}
