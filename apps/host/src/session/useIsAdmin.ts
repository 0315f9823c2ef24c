import { useEffect, useState } from 'react';
import { checkAdmin } from './adminCheck';
import { useSession } from './SessionProvider';

export interface AdminCheck {
  isAdmin: boolean;
  /** True while a signed-in user's role is being determined. */
  checking: boolean;
}

export function useIsAdmin(): AdminCheck {
  const { adapter, session } = useSession();
  const userId = session?.user.id ?? null;
  const [result, setResult] = useState<{ userId: string; isAdmin: boolean } | null>(null);

  useEffect(() => {
    if (userId === null) return;
    let active = true;
    void checkAdmin(adapter, userId).then((isAdmin) => {
      if (active) setResult({ userId, isAdmin });
    });
    return () => {
      active = false;
    };
  }, [adapter, userId]);

  if (userId === null) return { isAdmin: false, checking: false };
  if (result?.userId !== userId) return { isAdmin: false, checking: true };
  return { isAdmin: result.isAdmin, checking: false };
}
