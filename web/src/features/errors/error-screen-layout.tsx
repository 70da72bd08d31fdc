import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  page: {
    minHeight: '100dvh',
    display: 'grid',
    placeItems: 'center',
    padding: '32px 16px',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  // Inside the main layout: the sidebar and banner stay, the card sits in the content area.
  inline: { minHeight: '60dvh', display: 'grid', placeItems: 'center', padding: '32px 0' },
  card: {
    width: '100%',
    maxWidth: '520px',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow8,
    '@media (max-width: 480px)': { padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}` },
  },
  icon: { fontSize: '40px', lineHeight: 1, display: 'flex' },
  iconWarning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  iconError: { color: tokens.colorPaletteRedForeground1 },
  title: { ...typographyStyles.title3, margin: 0, color: tokens.colorNeutralForeground1 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, maxWidth: '440px' },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
    marginTop: tokens.spacingVerticalS,
  },
  extra: { width: '100%', marginTop: tokens.spacingVerticalS },
});

type ErrorScreenLayoutProps = {
  /** 'page' replaces the whole app (the root error screen); 'inline' shows inside the main layout's content. */
  placement: 'page' | 'inline';
  icon: ReactNode;
  tone: 'warning' | 'error';
  title: string;
  text: ReactNode;
  actions: ReactNode;
  children?: ReactNode;
};

/** The frame every error screen shares: icon, title, explanation, actions, then anything extra. */
export function ErrorScreenLayout({ placement, icon, tone, title, text, actions, children }: ErrorScreenLayoutProps) {
  const styles = useStyles();
  // The main layout already has the page's <main>; the whole-page screen is its own.
  const Wrapper = placement === 'page' ? 'main' : 'div';
  return (
    <Wrapper className={placement === 'page' ? styles.page : styles.inline}>
      <section className={styles.card} role="alert" aria-labelledby="error-screen-title">
        <span className={mergeClasses(styles.icon, tone === 'warning' ? styles.iconWarning : styles.iconError)} aria-hidden="true">
          {icon}
        </span>
        <h1 id="error-screen-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.text}>{text}</p>
        <div className={styles.actions}>{actions}</div>
        {children === undefined ? null : <div className={styles.extra}>{children}</div>}
      </section>
    </Wrapper>
  );
}
