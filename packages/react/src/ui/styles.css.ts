import { globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

// Every rule here is a class or sits under the widget root: nothing reaches the host page, and the
// root resets what it would otherwise inherit from it (font, colour, line-height, alignment).

export const root = style({
  fontFamily: vars.font.body,
  fontSize: '16px',
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.background,
  textAlign: 'left',
  letterSpacing: 'normal',
  WebkitFontSmoothing: 'antialiased',
  display: 'block',
  padding: vars.space.md,
});
globalStyle(`${root} *, ${root} *::before, ${root} *::after`, { boxSizing: 'border-box' });
globalStyle(`${root} :focus-visible`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
export const spread = style([row, { justifyContent: 'space-between' }]);
export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
});

export const heading = style({
  fontFamily: vars.font.heading,
  fontSize: '1.5rem',
  fontWeight: 700,
  lineHeight: 1.25,
  margin: 0,
  color: vars.color.text,
});
export const subheading = style([heading, { fontSize: '1.125rem' }]);
export const text = style({ margin: 0 });
export const muted = style({ margin: 0, color: vars.color.muted, fontSize: '0.9375rem' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.base,
  background: vars.color.background,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
// Locked reads as locked through a dashed border on the surface colour, not opacity: faded text
// would fall below 4.5:1 contrast (axe, in the host's browser journeys).
export const lockedCard = style([
  card,
  { borderStyle: 'dashed', background: vars.color.surface, color: vars.color.muted },
]);

const buttonBase = style({
  font: 'inherit',
  fontWeight: 600,
  fontSize: '0.9375rem',
  lineHeight: 1.2,
  borderRadius: vars.radius.base,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: '1px solid transparent',
  cursor: 'pointer',
  textDecoration: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  selectors: { '&:disabled': { cursor: 'not-allowed', opacity: 0.55 } },
});
export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.brand, color: vars.color.brandContrast }],
  secondary: [
    buttonBase,
    { background: vars.color.background, color: vars.color.text, borderColor: vars.color.border },
  ],
  danger: [buttonBase, { background: vars.color.danger, color: '#ffffff' }],
  link: [
    buttonBase,
    { background: 'none', color: vars.color.brand, padding: 0, textDecoration: 'underline', fontWeight: 500 },
  ],
});

const badgeBase = style({
  display: 'inline-block',
  fontSize: '0.8125rem',
  fontWeight: 600,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: '1px solid currentColor',
});
export const badge = styleVariants({
  success: [badgeBase, { color: vars.color.success }],
  info: [badgeBase, { color: vars.color.info }],
  muted: [badgeBase, { color: vars.color.muted }],
  danger: [badgeBase, { color: vars.color.danger }],
});

/** learner §4/§9 score bands, coloured as core's learnerScoreColor says. */
export const score = styleVariants({
  green: { color: vars.color.success, fontWeight: 700 },
  blue: { color: vars.color.info, fontWeight: 700 },
  yellow: { color: vars.color.warning, fontWeight: 700 },
  red: { color: vars.color.danger, fontWeight: 700 },
});

export const progressTrack = style({
  position: 'relative',
  overflow: 'hidden',
  height: '10px',
  borderRadius: vars.radius.pill,
  background: vars.color.border,
  width: '100%',
});
export const progressIndicator = style({
  height: '100%',
  width: '100%',
  background: vars.color.brand,
  transition: 'transform 300ms ease',
});

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });
export const skeleton = style({
  background: vars.color.border,
  borderRadius: vars.radius.base,
  minHeight: '120px',
  animation: `${pulse} 1.5s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(15, 23, 42, 0.5)',
  zIndex: 1000,
});
export const dialog = style({
  position: 'fixed',
  zIndex: 1001,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(90vw, 460px)',
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  borderRadius: vars.radius.base,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  boxShadow: '0 10px 30px rgba(0, 0, 0, 0.25)',
});

export const toastViewport = style({
  position: 'fixed',
  bottom: vars.space.md,
  right: vars.space.md,
  zIndex: 1002,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: 'min(90vw, 360px)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  outline: 'none',
});
export const toast = styleVariants({
  default: [card, { boxShadow: '0 4px 14px rgba(0, 0, 0, 0.15)' }],
  error: [card, { boxShadow: '0 4px 14px rgba(0, 0, 0, 0.15)', borderColor: vars.color.danger }],
});
export const toastTitle = style({ fontWeight: 700, margin: 0 });

export const tabList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const tab = style([
  buttonBase,
  {
    background: 'none',
    color: vars.color.muted,
    borderRadius: 0,
    borderBottom: '3px solid transparent',
    selectors: { '&[data-state="active"]': { color: vars.color.brand, borderBottomColor: vars.color.brand } },
  },
]);
export const completedMark = style({ color: vars.color.success });

export const lessonContent = style({ maxWidth: '72ch' });
globalStyle(`${lessonContent} h3, ${lessonContent} h4`, {
  fontSize: '1.125rem',
  margin: `${vars.space.md} 0 ${vars.space.sm}`,
});
globalStyle(`${lessonContent} p, ${lessonContent} ul, ${lessonContent} ol`, {
  margin: `0 0 ${vars.space.sm}`,
});
globalStyle(`${lessonContent} img`, { maxWidth: '100%', height: 'auto' });
globalStyle(`${lessonContent} table`, { borderCollapse: 'collapse' });
globalStyle(`${lessonContent} th, ${lessonContent} td`, {
  border: `1px solid ${vars.color.border}`,
  padding: vars.space.xs,
});

export const option = style([
  buttonBase,
  {
    justifyContent: 'flex-start',
    textAlign: 'left',
    width: '100%',
    fontWeight: 400,
    background: vars.color.background,
    color: vars.color.text,
    borderColor: vars.color.border,
    cursor: 'pointer',
  },
]);
export const optionState = styleVariants({
  idle: {},
  selected: { borderColor: vars.color.brand, boxShadow: `inset 0 0 0 1px ${vars.color.brand}` },
  correct: { borderColor: vars.color.success, background: '#f0fdf4' },
  wrong: { borderColor: vars.color.danger, background: '#fef2f2' },
});
export const radio = style({ margin: 0, accentColor: vars.color.brand });
export const fieldset = style({ border: 0, margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const legend = style([subheading, { padding: 0, marginBottom: vars.space.sm }]);
export const select = style({
  font: 'inherit',
  padding: vars.space.xs,
  borderRadius: vars.radius.base,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
});
export const banner = styleVariants({
  info: [card, { flexDirection: 'row', alignItems: 'center', borderColor: vars.color.info }],
  warning: [card, { flexDirection: 'row', alignItems: 'center', borderColor: vars.color.warning }],
  error: [card, { flexDirection: 'row', alignItems: 'center', borderColor: vars.color.danger }],
  success: [card, { flexDirection: 'row', alignItems: 'center', borderColor: vars.color.success }],
});
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
