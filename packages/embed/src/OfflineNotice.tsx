import type { OfflineCourseAdapter, OfflineStatus } from '@coursekit/core';
import { useEffect, useState } from 'react';

/**
 * What the learner sees while the network is away: completions are kept on this device and sent
 * later. Announced politely; gone once everything is sent.
 */
export function OfflineNotice({ adapter }: { adapter: OfflineCourseAdapter }) {
  const [status, setStatus] = useState<OfflineStatus>(() => adapter.offline.status());
  useEffect(() => adapter.offline.subscribe(setStatus), [adapter]);
  const waiting = status.pending;
  const text = !status.online
    ? `You're offline. Lessons you complete are saved on this device and sent when you're back online${waiting ? ` (${waiting} waiting)` : ''}.`
    : waiting
      ? `Back online: sending ${waiting} saved lesson${waiting === 1 ? '' : 's'}…`
      : '';
  return (
    <div role="status" className="ck-offline" hidden={text === ''}>
      {text}
    </div>
  );
}
