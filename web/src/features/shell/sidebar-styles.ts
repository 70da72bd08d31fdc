import { makeStyles, shorthands, tokens, typographyStyles } from '@fluentui/react-components';

/** Spec §9: sidebar 220 px open, 60 px collapsed; the floating group panel 200 px wide, at most 400 px tall. */
export const SIDEBAR_WIDTH_EXPANDED = 220;
export const SIDEBAR_WIDTH_COLLAPSED = 60;
export const FLOATING_PANEL_WIDTH = 200;
export const FLOATING_PANEL_MAX_HEIGHT = 400;

const focusRing = {
  outline: `2px solid ${tokens.colorStrokeFocus2}`,
  outlineOffset: '-2px',
};

/** One look for every row of the sidebar: links, group buttons, Report Bug, the collapse toggle. */
export const useSidebarItemStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  item: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    width: '100%',
    minHeight: '36px',
    padding: `${tokens.spacingVerticalXS} 10px`,
    ...shorthands.borderWidth(0),
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground2,
    ...typographyStyles.body1,
    textAlign: 'start',
    textDecoration: 'none',
    cursor: 'pointer',
    userSelect: 'none',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground2Hover },
    ':active': { backgroundColor: tokens.colorSubtleBackgroundPressed },
    ':focus-visible': focusRing,
  },
  /** Icon-only rows of the collapsed sidebar: a 40 px square, centred. */
  iconOnly: { justifyContent: 'center', width: '40px', minHeight: '40px', padding: 0, marginInline: 'auto' },
  sub: {
    minHeight: '32px',
    paddingInlineStart: '42px',
    ...typographyStyles.body1,
  },
  /** Rows of the floating panel carry no icons, so they need no indent. */
  panelRow: { paddingInlineStart: '12px' },
  current: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover, color: tokens.colorBrandForeground2Hover },
    // A bar at the start edge, so the current page is not told by colour alone.
    '::before': {
      content: '""',
      position: 'absolute',
      insetInlineStart: 0,
      top: '8px',
      bottom: '8px',
      width: '3px',
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorBrandForeground1,
    },
  },
  /** A group that holds the current page, shown while its links are hidden. */
  holdsCurrent: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  icon: { fontSize: '20px', flexShrink: 0, display: 'inline-flex' },
  label: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  chevron: {
    fontSize: '14px',
    flexShrink: 0,
    display: 'inline-flex',
    color: tokens.colorNeutralForeground3,
    transitionProperty: 'transform',
    transitionDuration: tokens.durationFaster,
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0.01ms' },
  },
  chevronOpen: { transform: 'rotate(180deg)' },
});
