import {
  adminMessages,
  type ContentLoadResult,
  moduleLoadTitle,
  type OperationLogEntry,
} from '@coursekit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { courseKeys } from '../../queries/courseKeys';
import { useToast } from '../../ui/toast';
import { adminKeys } from '../adminKeys';
import { useAdmin } from '../useAdmin';

/** admin §4 Module load status: Ready -> Loading -> Success or Failed. */
export type ModuleLoadStatus = 'Ready' | 'Loading...' | 'Success' | 'Failed';
export const LOADABLE_MODULES = [1, 2, 3, 4, 5] as const;

export interface LoggedOperation extends OperationLogEntry {
  id: number;
}

interface Texts {
  ok: string;
  failed: string;
  error: string;
  unexpected: string;
}

/**
 * admin §2 Content Management: load all modules, one module, refresh images. Each run adds an entry
 * to the session's Operation Results (kept in the query cache, so switching tabs keeps them) and
 * shows admin §8's toast.
 */
export function useContentOperations() {
  const admin = useAdmin();
  const client = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [statuses, setStatuses] = useState<Record<number, ModuleLoadStatus>>({});
  const log = useQuery<LoggedOperation[]>({
    queryKey: adminKeys.operations(),
    queryFn: () => [],
    initialData: [],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  const record = (entry: OperationLogEntry) =>
    client.setQueryData<LoggedOperation[]>(adminKeys.operations(), (all = []) => [
      { ...entry, id: all.length + 1 },
      ...all,
    ]);
  const mark = (modules: readonly number[], status: ModuleLoadStatus) =>
    setStatuses((all) => ({ ...all, ...Object.fromEntries(modules.map((m) => [m, status])) }));

  async function run(
    key: string,
    type: OperationLogEntry['type'],
    modules: readonly number[],
    work: () => Promise<ContentLoadResult>,
    texts: Texts,
  ): Promise<void> {
    setBusy(key);
    mark(modules, 'Loading...');
    const timestamp = () => new Date().toISOString();
    try {
      const result = await work();
      record({ type, success: result.success, message: result.message, timestamp: timestamp() });
      mark(modules, result.success ? 'Success' : 'Failed');
      toast(
        result.success
          ? { title: texts.ok, description: result.message }
          : { title: texts.failed, description: result.message, variant: 'error' },
      );
      // new lessons change the learner screens and the console's counts
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.stats() }),
        client.invalidateQueries({ queryKey: adminKeys.courses() }),
        client.invalidateQueries({ queryKey: courseKeys.modules() }),
        client.invalidateQueries({ queryKey: [...courseKeys.all, 'lessons'] }),
      ]);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : texts.unexpected;
      record({ type, success: false, message, timestamp: timestamp() });
      mark(modules, 'Failed');
      toast({ title: texts.error, description: texts.unexpected, variant: 'error' });
    } finally {
      setBusy(null);
    }
  }

  const loadAll = () =>
    run('all', 'Module Load', LOADABLE_MODULES, () => admin.content.loadAll(), {
      ok: adminMessages.modulesLoadedTitle,
      failed: adminMessages.loadingFailedTitle,
      error: adminMessages.loadingErrorTitle,
      unexpected: adminMessages.loadingModulesUnexpected,
    });
  /** `fromPanel`: the Content Management System card's load, whose failure reads 'Module Load Failed'. */
  const loadModule = (n: number, fromPanel = false) =>
    run(`module-${n}`, 'Module Load', [n], () => admin.content.loadModule(n), {
      ok: moduleLoadTitle(n, 'Loaded'),
      failed: fromPanel ? adminMessages.moduleLoadFailedTitle : moduleLoadTitle(n, 'Failed'),
      error: moduleLoadTitle(n, 'Error'),
      unexpected: adminMessages.loadingModuleUnexpected,
    });
  const refreshImages = () =>
    run('images', 'Image Refresh', [], () => admin.content.refreshImages(), {
      ok: adminMessages.imagesRefreshedTitle,
      failed: adminMessages.refreshFailedTitle,
      error: adminMessages.refreshErrorTitle,
      unexpected: adminMessages.refreshImagesUnexpected,
    });

  return { operations: log.data, statuses, busy, loadAll, loadModule, refreshImages };
}
