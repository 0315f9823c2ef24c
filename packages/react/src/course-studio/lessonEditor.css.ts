import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

// The lesson editor's frame: the toolbar over the editable lesson. TipTap's own stylesheet is not
// injected (it would reach past the widget's root); the few rules ProseMirror needs are here.

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderBottom: 0,
  borderRadius: `${vars.radius.base} ${vars.radius.base} 0 0`,
});

export const tool = style({
  font: 'inherit',
  fontSize: '0.875rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.base,
  background: vars.color.background,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.brand, color: vars.color.background },
    '&:focus-visible': { outline: `2px solid ${vars.color.brand}`, outlineOffset: 2 },
    '&:disabled': { opacity: 0.5, cursor: 'default' },
  },
});

export const area = style({
  minHeight: '20rem',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: `0 0 ${vars.radius.base} ${vars.radius.base}`,
  background: vars.color.background,
  color: vars.color.text,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'break-word',
  selectors: { '&:focus-visible, &:focus': { outline: `2px solid ${vars.color.brand}`, outlineOffset: 2 } },
});
globalStyle(`${area} table`, { borderCollapse: 'collapse' });
globalStyle(`${area} th, ${area} td`, { border: `1px solid ${vars.color.border}`, padding: vars.space.xs });
globalStyle(`${area} img`, { maxWidth: '100%' });
globalStyle(`${area} blockquote`, {
  margin: 0,
  paddingLeft: vars.space.md,
  borderLeft: `4px solid ${vars.color.brand}`,
});

export const linkForm = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: vars.space.sm });
