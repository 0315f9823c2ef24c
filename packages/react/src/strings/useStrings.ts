import { useMemo } from 'react';
import { useCourseContext } from '../provider/useCourseAdapter';
import { sharedStrings } from './sharedStrings';

/** A widget's texts: string values by key. */
export type Texts<T> = { readonly [K in keyof T]: string };

/**
 * The texts of the nearest CourseProvider: its `strings` over the English defaults of the shared
 * texts and of `section` (a widget's own texts, e.g. `progressStrings`), so a widget's bundle
 * carries only the defaults it shows.
 */
export function useStrings(): Texts<typeof sharedStrings>;
export function useStrings<S extends object>(section: S): Texts<typeof sharedStrings & S>;
export function useStrings(section: object = {}): Record<string, string> {
  const { strings } = useCourseContext();
  return useMemo(
    () => ({ ...sharedStrings, ...section, ...strings }) as Record<string, string>,
    [section, strings],
  );
}
