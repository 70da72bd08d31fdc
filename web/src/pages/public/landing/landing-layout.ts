import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';

/** Section frame and headings shared by the landing sections. */
export const useLandingLayoutStyles = makeStyles({
  container: {
    maxWidth: '1160px',
    margin: '0 auto',
    padding: '0 24px',
    '@media (max-width: 600px)': { padding: '0 16px' },
  },
  section: {
    padding: '88px 0',
    '@media (max-width: 600px)': { padding: '56px 0' },
  },
  eyebrow: {
    ...typographyStyles.caption1Strong,
    color: tokens.colorBrandForeground1,
    textTransform: 'uppercase',
    letterSpacing: '0.08em',
    margin: '0 0 12px',
  },
  heading: {
    ...typographyStyles.title1,
    fontSize: 'clamp(1.75rem, 2.2vw + 1rem, 2.5rem)',
    lineHeight: 1.15,
    letterSpacing: '-0.02em',
    margin: '0 0 16px',
    color: tokens.colorNeutralForeground1,
    textWrap: 'balance',
  },
  lead: {
    ...typographyStyles.body2,
    fontSize: '1.0625rem',
    lineHeight: 1.6,
    color: tokens.colorNeutralForeground2,
    margin: 0,
    maxWidth: '640px',
  },
  intro: { marginBottom: '48px', '@media (max-width: 600px)': { marginBottom: '32px' } },
});
