import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

// The console's own pieces (cards grid, users table, role badges, result rows). Every rule is a class
// or sits under one, so nothing reaches the host page (theme/scopedCss.test.ts checks it).

/** admin §2: four summary cards in a 4-column grid (two on narrow screens). */
export const statGrid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { '(max-width: 640px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const statValue = style({ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 });

export const tableWrap = style({ overflowX: 'auto' });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: '0.9375rem' });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  verticalAlign: 'top',
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const clickableRow = style({
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surface } },
});
export const sortButton = style({
  font: 'inherit',
  fontWeight: 700,
  background: 'none',
  border: 0,
  padding: 0,
  color: vars.color.text,
  cursor: 'pointer',
});
export const small = style({ fontSize: '0.8125rem', color: vars.color.muted, margin: 0 });

const roleBase = style({
  font: 'inherit',
  fontSize: '0.8125rem',
  fontWeight: 600,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: '1px solid transparent',
  cursor: 'pointer',
});
/** admin §6: admin destructive, moderator secondary, user outline. */
export const role = styleVariants({
  admin: [roleBase, { background: vars.color.danger, color: '#ffffff' }],
  moderator: [roleBase, { background: vars.color.border, color: vars.color.text }],
  user: [
    roleBase,
    { background: vars.color.background, color: vars.color.text, borderColor: vars.color.border },
  ],
});

export const smallButton = style({ fontSize: '0.8125rem', padding: `${vars.space.xs} ${vars.space.sm}` });

/** Success and failure rows carry a word and a mark as well as the colour (not colour alone). */
export const result = styleVariants({
  success: { borderLeft: `4px solid ${vars.color.success}`, paddingLeft: vars.space.sm },
  failure: { borderLeft: `4px solid ${vars.color.danger}`, paddingLeft: vars.space.sm },
});
export const resultLabel = styleVariants({
  success: { color: vars.color.success, fontWeight: 700 },
  failure: { color: vars.color.danger, fontWeight: 700 },
});

export const field = style({ display: 'grid', gap: vars.space.xs });
export const input = style({
  font: 'inherit',
  padding: vars.space.sm,
  borderRadius: vars.radius.base,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  width: '100%',
});
export const fieldError = style({ color: vars.color.danger, fontSize: '0.875rem', margin: 0 });
export const wideDialog = style({ width: 'min(94vw, 560px)', maxHeight: '90vh', overflowY: 'auto' });
export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: '0.8125rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.base,
  padding: vars.space.sm,
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowX: 'auto',
});

export const switchRoot = style({
  width: '42px',
  height: '24px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.border,
  position: 'relative',
  cursor: 'pointer',
  padding: 0,
  flexShrink: 0,
  selectors: { '&[data-state="checked"]': { background: vars.color.brand } },
});
export const switchThumb = style({
  display: 'block',
  width: '18px',
  height: '18px',
  borderRadius: vars.radius.pill,
  background: '#ffffff',
  transform: 'translateX(2px)',
  transition: 'transform 150ms',
  selectors: { '&[data-state="checked"]': { transform: 'translateX(20px)' } },
});
