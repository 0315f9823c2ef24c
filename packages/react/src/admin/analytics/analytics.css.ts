import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

// The Analytics tab's charts. Every rule is a class or sits under one, so nothing reaches the host
// page. Bars use the theme's brand and success colours (both over 4.5:1 on the background, so also
// above the 3:1 WCAG asks of graphics); the track behind a bar is decoration, the number beside it
// carries the value, and series are told apart by their legend and labels, not colour alone.

export const summary = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const summaryValue = style({
  fontSize: '1.75rem',
  fontWeight: 700,
  lineHeight: 1.2,
  display: 'block',
});

export const figure = style({
  margin: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.base,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
});
export const caption = style({ margin: 0, color: vars.color.muted, fontSize: '0.9375rem' });

// The SVGs scale with their viewBox; capped so the labels stay near 12–15px on a wide console.
export const chart = style({
  width: '100%',
  maxWidth: '760px',
  height: 'auto',
  display: 'block',
  overflow: 'visible',
});
globalStyle(`${chart} text`, { fill: vars.color.text, fontFamily: vars.font.body, fontSize: '12px' });

export const track = style({ fill: vars.color.surface, stroke: vars.color.border, strokeWidth: 1 });
export const barPrimary = style({ fill: vars.color.brand });
export const barSecondary = style({ fill: vars.color.success });
export const axis = style({ stroke: vars.color.muted, strokeWidth: 1 });

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  fontSize: '0.875rem',
});
const swatch = style({
  display: 'inline-block',
  width: '12px',
  height: '12px',
  borderRadius: '2px',
  marginRight: vars.space.xs,
  verticalAlign: 'middle',
});
export const swatchPrimary = style([swatch, { background: vars.color.brand }]);
export const swatchSecondary = style([swatch, { background: vars.color.success }]);

export const twoColumns = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
});

export const dataTable = style({ width: '100%', borderCollapse: 'collapse', fontSize: '0.875rem' });
globalStyle(`${dataTable} th, ${dataTable} td`, {
  textAlign: 'left',
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});
/** A numeric cell, right-aligned so the digits line up. */
export const num = style({});
globalStyle(`${dataTable} ${num}`, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
globalStyle(`${dataTable} caption`, { textAlign: 'left', fontWeight: 600, padding: `${vars.space.xs} 0` });
export const tableWrap = style({ overflowX: 'auto' });
