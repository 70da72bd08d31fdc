import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

/** Layout of the forms inside account sections (profile, settings, users). */
export const useAccountFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '16px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    // A hint under one field must not stretch its neighbour's input.
    alignItems: 'start',
    gap: '16px',
    '@media (max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  full: { gridColumn: '1 / -1' },
  /** An empty grid cell that starts the next field on a new row; gone when the grid is one column. */
  rowBreak: { '@media (max-width: 640px)': { display: 'none' } },
  /** The field's track may shrink below the input's intrinsic width, and the input fills it. */
  field: { gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 },
  input: { width: '100%', minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' },
  note: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  readOnly: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, auto) minmax(0, 1fr)',
    gap: '10px 24px',
    margin: 0,
    ...typographyStyles.body1,
    '@media (max-width: 420px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: '2px' },
  },
  term: { color: tokens.colorNeutralForeground3, '@media (max-width: 420px)': { marginTop: '8px' } },
  detail: { margin: 0, color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
});
