import { useEffect, useRef } from 'react';

/**
 * Moves focus to the returned element (a heading or legend with tabIndex -1) when `key` changes from
 * one real value to another, so keyboard and screen-reader users land on the new question or lesson.
 * The first value (the screen opening, or data arriving) does not steal focus from the host page.
 */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const previous = useRef<unknown>(key);
  useEffect(() => {
    const before = previous.current;
    previous.current = key;
    if (before !== key && before !== null && before !== undefined) ref.current?.focus();
  }, [key]);
  return ref;
}
