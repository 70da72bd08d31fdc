import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

export const useDashboardCardStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '24px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    '@media (max-width: 600px)': { padding: '20px' },
  },
  head: { display: 'flex', alignItems: 'center', gap: '10px' },
  icon: {
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusMedium,
    display: 'grid',
    placeItems: 'center',
    fontSize: '18px',
    flexShrink: 0,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  title: { ...typographyStyles.subtitle2, margin: 0, color: tokens.colorNeutralForeground1 },
  value: { ...typographyStyles.subtitle1, margin: 0, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
  list: { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '8px 16px', margin: 0 },
  term: { ...typographyStyles.body1, color: tokens.colorNeutralForeground3 },
  detail: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
});
