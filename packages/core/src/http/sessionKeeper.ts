import { type Session, SessionSchema } from '../schemas/entities';

/** Where the adapter keeps the session between page loads; `localStorage` fits. */
export interface SessionStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The signed-in session of one HTTP adapter: in memory, mirrored to storage, announced on change. */
export interface SessionKeeper {
  current(): Session | null;
  set(next: Session | null): void;
  onChange(listener: (session: Session | null) => void): () => void;
}

export function createSessionKeeper(storage: SessionStorageLike | undefined, key: string): SessionKeeper {
  const listeners = new Set<(session: Session | null) => void>();
  let session = readStored();

  function readStored(): Session | null {
    try {
      const raw = storage?.getItem(key);
      const parsed = raw ? SessionSchema.safeParse(JSON.parse(raw)) : null;
      return parsed?.success ? parsed.data : null;
    } catch {
      return null; // unreadable storage (private mode, a foreign value): start signed out
    }
  }

  return {
    current: () => session,
    set(next) {
      session = next;
      if (next) storage?.setItem(key, JSON.stringify(next));
      else storage?.removeItem(key);
      for (const listener of listeners) listener(next);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
