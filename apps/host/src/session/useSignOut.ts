import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useToast } from '../ui/Toaster';
import { useAdapter } from './SessionProvider';

/** Signs out, then goes to `to` (learner §2: profile and account go to /). */
export function useSignOut(to = '/') {
  const adapter = useAdapter();
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(async () => {
    try {
      await adapter.auth.signOut();
      await navigate({ to });
    } catch {
      toast({ title: 'Error', description: 'Failed to sign out. Please try again.', variant: 'destructive' });
    }
  }, [adapter, navigate, toast, to]);
}
