import { vars } from './theme.css';

/**
 * A partner's overrides of the theme tokens, passed as CourseProvider's `theme`; every member and
 * token is optional, and a token left out keeps its default. Each value is any CSS value for its
 * custom property (`--ck-color-brand`…), set on every widget root, so partner CSS on `.coursekit`
 * can do the same without it.
 *
 * @example
 * ```tsx
 * import { CourseProvider, CoursePlayer, type CourseTheme } from '@coursekit/react';
 *
 * const theme: CourseTheme = {
 *   color: { brand: '#0b6e4f', brandContrast: '#ffffff' },
 *   font: { body: "'Source Sans 3', sans-serif" },
 *   radius: { base: '2px' },
 * };
 *
 * <CourseProvider adapter={adapter} theme={theme}>
 *   <CoursePlayer />
 * </CourseProvider>;
 * ```
 */
export interface CourseTheme {
  /**
   * Colours: `brand` (buttons, links, progress) and `brandContrast` (text on it), `text`, `muted`,
   * `background`, `surface` (cards), `border`, the states `success`, `info`, `warning`, `danger`,
   * and `focus` (the focus ring).
   */
  color?: Partial<Record<keyof typeof vars.color, string>>;
  /** Font stacks: `body`, and `heading` (inherits the body's by default). */
  font?: Partial<Record<keyof typeof vars.font, string>>;
  /** Corner radii: `base` (cards, buttons, inputs) and `pill` (badges). */
  radius?: Partial<Record<keyof typeof vars.radius, string>>;
  /** The spacing scale: `xs`, `sm`, `md`, `lg` (4, 8, 16 and 24 px by default). */
  space?: Partial<Record<keyof typeof vars.space, string>>;
}

/** The inline custom properties for a theme, set on each widget root. */
export function themeStyle(theme: CourseTheme | undefined): Record<string, string> {
  const style: Record<string, string> = {};
  if (!theme) return style;
  for (const group of ['color', 'font', 'radius', 'space'] as const) {
    const tokens = vars[group] as Record<string, string>;
    for (const [token, value] of Object.entries(theme[group] ?? {})) {
      const name = tokens[token]?.match(/^var\((--[\w-]+)\)$/)?.[1];
      if (name && typeof value === 'string') style[name] = value;
    }
  }
  return style;
}
