import { createGlobalTheme, createGlobalThemeContract } from '@vanilla-extract/css';

/**
 * The theme contract. Each token is a CSS custom property with a stable name (`--ck-color-brand`,
 * `--ck-font-body`, `--ck-radius`…), so a partner can restyle the widgets from their own CSS:
 *
 *   .coursekit { --ck-color-brand: #0b6e4f; --ck-font-body: 'Source Sans 3', sans-serif; }
 *
 * or pass `theme` to CourseProvider. The defaults below sit in a zero-specificity `:where()`, so any
 * partner rule on `.coursekit` wins without `!important`.
 */
export const vars = createGlobalThemeContract(
  {
    color: {
      brand: 'color-brand',
      brandContrast: 'color-brand-contrast',
      text: 'color-text',
      muted: 'color-muted',
      background: 'color-background',
      surface: 'color-surface',
      border: 'color-border',
      success: 'color-success',
      info: 'color-info',
      warning: 'color-warning',
      danger: 'color-danger',
      focus: 'color-focus',
    },
    font: { body: 'font-body', heading: 'font-heading' },
    radius: { base: 'radius', pill: 'radius-pill' },
    space: { xs: 'space-xs', sm: 'space-sm', md: 'space-md', lg: 'space-lg' },
  },
  (value) => `ck-${value}`,
);

/** The class every widget root carries; partner CSS targets it. */
export const ROOT_CLASS = 'coursekit';

createGlobalTheme(`:where(.${ROOT_CLASS})`, vars, {
  color: {
    brand: '#1d4ed8',
    brandContrast: '#ffffff',
    text: '#1f2937',
    muted: '#4b5563',
    background: '#ffffff',
    surface: '#f8fafc',
    border: '#d1d5db',
    success: '#15803d',
    info: '#1d4ed8',
    warning: '#a16207',
    danger: '#b91c1c',
    focus: '#f59e0b',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'inherit',
  },
  radius: { base: '8px', pill: '999px' },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px' },
});
