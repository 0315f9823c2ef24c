import type { MyOrganisation } from '@coursekit/core';
import { useEffect, useState } from 'react';
import { useSession } from './SessionProvider';

/**
 * The organisations the signed-in person manages, for the header's links to their consoles; none
 * while signed out, while the answer is on its way, or when the read fails (the links are a
 * convenience: the console itself is where the server decides who may in).
 */
export function useManagedOrganisations(): MyOrganisation[] {
  const { adapter, session } = useSession();
  const userId = session?.user.id ?? null;
  const [result, setResult] = useState<{ userId: string; managed: MyOrganisation[] } | null>(null);

  useEffect(() => {
    if (userId === null) return;
    let active = true;
    adapter.profile
      .organisations()
      .catch((): MyOrganisation[] => [])
      .then((all) => {
        if (active) setResult({ userId, managed: all.filter((o) => o.role === 'manager') });
      });
    return () => {
      active = false;
    };
  }, [adapter, userId]);

  return userId !== null && result?.userId === userId ? result.managed : [];
}
