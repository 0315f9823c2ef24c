import { useEffect, useState } from 'react';
import { checkRoles } from './adminCheck';
import { useSession } from './SessionProvider';

export interface AdminCheck {
  isAdmin: boolean;
  /** Admins and moderators (the author role): they may open the course studio. */
  isAuthor: boolean;
  /** True while a signed-in user's role is being determined. */
  checking: boolean;
}

export function useIsAdmin(): AdminCheck {
  const { adapter, session } = useSession();
  const userId = session?.user.id ?? null;
  const [result, setResult] = useState<{ userId: string; isAdmin: boolean; isAuthor: boolean } | null>(null);

  useEffect(() => {
    if (userId === null) return;
    let active = true;
    void checkRoles(adapter, userId).then((roles) => {
      const isAdmin = roles.includes('admin');
      if (active) setResult({ userId, isAdmin, isAuthor: isAdmin || roles.includes('moderator') });
    });
    return () => {
      active = false;
    };
  }, [adapter, userId]);

  if (userId === null) return { isAdmin: false, isAuthor: false, checking: false };
  if (result?.userId !== userId) return { isAdmin: false, isAuthor: false, checking: true };
  return { isAdmin: result.isAdmin, isAuthor: result.isAuthor, checking: false };
}
