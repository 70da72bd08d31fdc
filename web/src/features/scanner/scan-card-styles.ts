import { type GriffelStyle, tokens, typographyStyles } from '@fluentui/react-components';

/**
 * The big result card of a scanning screen (counting, receiving): what was scanned, readable from a
 * step away, green or red with a flash as the scan is answered. Spread into a screen's makeStyles.
 */
export const scanCardStyles = {
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '20px',
    minHeight: '200px',
    justifyContent: 'center',
    borderRadius: tokens.borderRadiusXLarge,
    border: `3px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    transitionProperty: 'background-color, border-color',
    transitionDuration: tokens.durationNormal,
    '@media (max-width: 600px)': { padding: '16px', minHeight: '170px' },
  },
  ok: { border: `3px solid ${tokens.colorPaletteGreenBorder2}` },
  okFlash: { backgroundColor: tokens.colorPaletteGreenBackground1 },
  bad: { border: `3px solid ${tokens.colorPaletteRedBorder2}`, backgroundColor: tokens.colorPaletteRedBackground1 },
  badFlash: { backgroundColor: tokens.colorPaletteRedBackground2 },
  idle: { ...typographyStyles.subtitle1, margin: 0, color: tokens.colorNeutralForeground2 },
  cardLabel: {
    ...typographyStyles.caption1Strong,
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
    margin: 0,
  },
  itemTitle: {
    ...typographyStyles.title2,
    margin: 0,
    overflowWrap: 'anywhere',
    '@media (max-width: 600px)': { ...typographyStyles.title3 },
  },
  itemRow: { display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: '12px', flexWrap: 'wrap' },
  itemSize: { ...typographyStyles.largeTitle, margin: 0, lineHeight: 1 },
  itemMeta: { ...typographyStyles.body1, color: tokens.colorNeutralForeground3, margin: 0, overflowWrap: 'anywhere' },
  counted: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end' },
  countedValue: {
    ...typographyStyles.display,
    lineHeight: 1,
    fontVariantNumeric: 'tabular-nums',
    '@media (max-width: 600px)': { ...typographyStyles.largeTitle },
  },
  errorText: { ...typographyStyles.title3, margin: 0, color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
} satisfies Record<string, GriffelStyle>;
