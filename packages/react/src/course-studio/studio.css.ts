import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

// The course studio's own layout: the file list beside the editor, the diff lines.

export const workspace = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'minmax(12rem, 16rem) 1fr',
  alignItems: 'start',
  '@media': { '(max-width: 720px)': { gridTemplateColumns: '1fr' } },
});

export const fileButton = style({
  display: 'block',
  width: '100%',
  textAlign: 'left',
  background: 'none',
  border: `1px solid transparent`,
  borderRadius: vars.radius.base,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  font: 'inherit',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&[aria-current="true"]': { borderColor: vars.color.brand, fontWeight: 600 },
    '&:focus-visible': { outline: `2px solid ${vars.color.brand}`, outlineOffset: 2 },
  },
});

export const editor = style({
  width: '100%',
  minHeight: '24rem',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.875rem',
  lineHeight: 1.5,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.base,
  background: vars.color.background,
  color: vars.color.text,
  boxSizing: 'border-box',
});

export const compare = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr 1fr',
  '@media': { '(max-width: 720px)': { gridTemplateColumns: '1fr' } },
});

export const diff = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.8125rem',
  margin: 0,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.base,
  overflowX: 'auto',
  whiteSpace: 'pre-wrap',
});

export const diffLine = styleVariants({
  same: { display: 'block', color: vars.color.muted },
  added: { display: 'block', color: vars.color.success, fontWeight: 600 },
  removed: { display: 'block', color: vars.color.danger, textDecoration: 'line-through' },
});

export const lessonItem = style({
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.base,
  cursor: 'grab',
  selectors: { '&[data-dragging="true"]': { opacity: 0.5 } },
});

/** One objective or module of the settings form. */
export const settingsItem = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.base,
  selectors: { '&[data-drop-target="true"]': { borderColor: vars.color.brand, borderStyle: 'dashed' } },
});

export const dragHandle = style({ margin: 0, fontSize: '1rem', cursor: 'grab' });

/** The outline: a module's block, its heading, an entry and the problems beside it. */
export const outlineModule = style({ display: 'grid', gap: vars.space.xs });
export const outlineHeading = style({ margin: 0, fontSize: '1rem', fontWeight: 700 });
export const outlineEntry = style({ display: 'grid', gap: vars.space.xs });
export const problems = style({
  margin: 0,
  paddingLeft: vars.space.md,
  color: vars.color.danger,
  fontSize: '0.8125rem',
});

export const dropZone = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.base,
  selectors: { '&[data-over="true"]': { borderColor: vars.color.brand } },
});

export const mediaGrid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

export const mediaThumb = style({ maxWidth: '100%', maxHeight: '10rem', objectFit: 'contain' });

/** An editor and its learner's preview beside it (stacked when the studio is narrow). */
export const sideBySide = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))',
  alignItems: 'start',
});

/** The preview at a phone's width (375 CSS px) or the page's. */
export const previewFrame = styleVariants({
  phone: { width: '375px', maxWidth: '100%', justifySelf: 'center' },
  desktop: { width: '100%' },
});
