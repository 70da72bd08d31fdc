import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

/** Typography and spacing shared by the sign-in and registration forms. */
export const useAuthFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '18px' },
  title: { ...typographyStyles.title2, letterSpacing: '-0.02em', margin: 0, color: tokens.colorNeutralForeground1 },
  subtitle: { ...typographyStyles.body1, margin: '-10px 0 4px', color: tokens.colorNeutralForeground3 },
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '18px 12px',
    '@media (max-width: 420px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  /** The field's track may shrink below the input's intrinsic width, and the input fills it (two-column row). */
  field: { gridTemplateColumns: 'minmax(0, 1fr)' },
  input: { width: '100%' },
  submit: { marginTop: '6px', width: '100%' },
  footer: {
    ...typographyStyles.body1,
    margin: '24px 0 0',
    paddingTop: '20px',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
  },
  fine: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, margin: 0, textAlign: 'center' },
});
