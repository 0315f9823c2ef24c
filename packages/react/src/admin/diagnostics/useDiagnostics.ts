import type { DiagnosticSettings } from '@coursekit/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';

type Changes = Partial<Omit<DiagnosticSettings, 'module_id' | 'updated_at'>>;

/**
 * Every module's diagnostic settings, kept live: another admin's change arrives through
 * `diagnostics.subscribe` (realtime on the HTTP adapter) and replaces the cached list, no refresh.
 */
export function useDiagnostics() {
  const admin = useAdmin();
  const queryClient = useQueryClient();
  // The newest list the subscription pushed. A fetch that was under way when a push arrived answers
  // with what the server held before it, so the pushed list wins over that answer.
  const pushed = useRef<DiagnosticSettings[] | null>(null);
  const query = useQuery({
    queryKey: adminKeys.diagnostics(),
    queryFn: async () => {
      const before = pushed.current;
      const list = await admin.diagnostics.list();
      return pushed.current !== before && pushed.current ? pushed.current : list;
    },
  });

  useEffect(
    () =>
      admin.diagnostics.subscribe((settings) => {
        pushed.current = settings;
        queryClient.setQueryData(adminKeys.diagnostics(), settings);
      }),
    [admin, queryClient],
  );
  return query;
}

/** One module's change; the saved row replaces the cached one. */
export function useUpdateDiagnostics() {
  const admin = useAdmin();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ moduleId, changes }: { moduleId: number; changes: Changes }) =>
      admin.diagnostics.update(moduleId, changes),
    onSuccess: (saved) => {
      queryClient.setQueryData<DiagnosticSettings[]>(adminKeys.diagnostics(), (list) =>
        list?.map((row) => (row.module_id === saved.module_id ? saved : row)),
      );
    },
  });
}

/** Enable All / Disable All. */
export function useSetAllDiagnostics() {
  const admin = useAdmin();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => admin.diagnostics.setAll(enabled),
    onSuccess: (settings) => queryClient.setQueryData(adminKeys.diagnostics(), settings),
  });
}
