import type { OfflineCourseAdapter, OfflineStatus } from '@coursekit/core';
import { formatString, offlineStrings, useStrings } from '@coursekit/react';
import { useEffect, useState } from 'react';

/**
 * What the learner sees while the network is away: completions are kept on this device and sent
 * later. Announced politely; gone once everything is sent. It sits above the player's root, so it
 * carries the locale's `lang` itself.
 */
export function OfflineNotice({
  adapter,
  lang,
}: {
  adapter: OfflineCourseAdapter;
  lang: string | undefined;
}) {
  const t = useStrings(offlineStrings);
  const [status, setStatus] = useState<OfflineStatus>(() => adapter.offline.status());
  useEffect(() => adapter.offline.subscribe(setStatus), [adapter]);
  const count = status.pending;
  const text = !status.online
    ? count
      ? formatString(t.offlineWaiting, { count })
      : t.offline
    : count
      ? formatString(count === 1 ? t.backOnlineSendingOne : t.backOnlineSendingOther, { count })
      : '';
  return (
    <div role="status" className="ck-offline" hidden={text === ''} lang={lang}>
      {text}
    </div>
  );
}
