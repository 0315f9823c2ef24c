import { vars } from './theme.css';

/** A partner's overrides of the theme tokens; every member optional. */
export interface CourseTheme {
  color?: Partial<Record<keyof typeof vars.color, string>>;
  font?: Partial<Record<keyof typeof vars.font, string>>;
  radius?: Partial<Record<keyof typeof vars.radius, string>>;
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
