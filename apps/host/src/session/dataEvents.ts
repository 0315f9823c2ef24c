// A tiny signal between the main bundle and the lazily loaded screens: "the learner's data changed
// (or the user did), drop what is cached". The main bundle stays free of the query library.

type Listener = () => void;
const listeners = new Set<Listener>();

export function notifyDataChanged(): void {
  for (const listener of listeners) listener();
}

export function onDataChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
