import type { CourseStrings } from './courseStrings';

/**
 * The host's texts as the widgets read them. Hosts may pass parsed JSON (the embed's `locale`
 * attribute), so only string values count; the English defaults fill the rest (useStrings).
 */
export function sanitizeStrings(strings: Partial<CourseStrings> | undefined): Partial<CourseStrings> {
  if (!strings) return {};
  return Object.fromEntries(Object.entries(strings).filter(([, value]) => typeof value === 'string'));
}
