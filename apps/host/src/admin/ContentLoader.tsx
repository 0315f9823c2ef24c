import type { ContentLoadResult } from '@coursekit/core';
import { useState } from 'react';
import { useAdapter } from '../session/SessionProvider';
import { useToast } from '../ui/Toaster';

interface Operation {
  id: number;
  type: 'Module Load' | 'Image Refresh';
  success: boolean;
  message: string;
  timestamp: string;
}

const MODULES = [1, 2, 3, 4, 5] as const;

/** admin §2 Content Management: load all modules, one module, refresh images; results accumulate. */
export function ContentLoader() {
  const adapter = useAdapter();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [operations, setOperations] = useState<Operation[]>([]);
  const record = (op: Omit<Operation, 'id' | 'timestamp'>) =>
    setOperations((all) => [{ ...op, id: all.length + 1, timestamp: new Date().toLocaleString() }, ...all]);

  async function run(
    key: string,
    type: Operation['type'],
    work: () => Promise<ContentLoadResult>,
    texts: { ok: string; failed: string; error: string; errorText: string },
  ) {
    setBusy(key);
    try {
      const result = await work();
      record({ type, success: result.success, message: result.message });
      toast(
        result.success
          ? { title: texts.ok, description: result.message }
          : { title: texts.failed, description: result.message, variant: 'destructive' },
      );
    } catch (error) {
      record({ type, success: false, message: error instanceof Error ? error.message : texts.errorText });
      toast({ title: texts.error, description: texts.errorText, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const content = adapter.admin!.content;
  return (
    <div className="stack">
      <section className="card" aria-labelledby="content-title">
        <h1 id="content-title">Content Management</h1>
        <div className="actions">
          <button
            type="button"
            className="button button-primary"
            disabled={busy !== null}
            onClick={() =>
              void run('all', 'Module Load', () => content.loadAll(), {
                ok: 'Modules Loaded',
                failed: 'Loading Failed',
                error: 'Loading Error',
                errorText: 'An unexpected error occurred while loading modules',
              })
            }
          >
            {busy === 'all' ? 'Loading...' : 'Load All Modules'}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            onClick={() =>
              void run('images', 'Image Refresh', () => content.refreshImages(), {
                ok: 'Images Refreshed',
                failed: 'Refresh Failed',
                error: 'Refresh Error',
                errorText: 'An unexpected error occurred while refreshing images',
              })
            }
          >
            {busy === 'images' ? 'Refreshing...' : 'Refresh All Images'}
          </button>
          {MODULES.map((n) => (
            <button
              key={n}
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() =>
                void run(`module-${n}`, 'Module Load', () => content.loadModule(n), {
                  ok: `Module ${n} Loaded`,
                  failed: `Module ${n} Failed`,
                  error: `Module ${n} Error`,
                  errorText: 'An unexpected error occurred while loading the module',
                })
              }
            >
              {busy === `module-${n}` ? 'Loading...' : `Module ${n}`}
            </button>
          ))}
        </div>
      </section>
      <section className="card" aria-labelledby="operations-title">
        <h2 id="operations-title">Operation Results</h2>
        {operations.length === 0 ? (
          <p className="muted">No operations yet.</p>
        ) : (
          <ul className="operations">
            {operations.map((op) => (
              <li key={op.id} className={op.success ? 'result result-success' : 'result result-error'}>
                <strong>{op.type}</strong> · {op.timestamp} — {op.message}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
