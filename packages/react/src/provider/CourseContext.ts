import type { CourseAdapter, RateLimiter } from '@coursekit/core';
import { createContext } from 'react';
import type { CourseStrings } from '../strings/courseStrings';
import type { CourseTheme } from '../theme/CourseTheme';

export interface CourseContextValue {
  adapter: CourseAdapter;
  theme: CourseTheme | undefined;
  /** The host's router, when it takes over navigation. */
  onNavigate: ((path: string) => void) | undefined;
  /** learner §5/§9: progress writes, 5 per lesson per 60 s, as a first line before the server's. */
  progressLimiter: RateLimiter;
  /** The host's texts (string values only); each widget fills the rest from its English defaults. */
  strings: Partial<CourseStrings>;
  /** The language of those texts, for each widget root's `lang`. */
  lang: string | undefined;
}

export const CourseContext = createContext<CourseContextValue | null>(null);
