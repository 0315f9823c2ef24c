// A tiny signal between the session and the query cache: "the learner's data changed
// (or the user did), drop what is cached".

type Listener = () => void;
const listeners = new Set<Listener>();

export function notifyDataChanged(): void {
  for (const listener of listeners) listener();
}

export function onDataChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
