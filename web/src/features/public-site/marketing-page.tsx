import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useMarketingLayoutStyles } from './marketing-layout.ts';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader } from './public-header.tsx';

const useStyles = makeStyles({
  page: {
    minHeight: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  main: { flexGrow: 1 },
  hero: {
    backgroundImage: [
      `radial-gradient(50% 80% at 90% 0%, ${tokens.colorBrandBackground2} 0%, transparent 70%)`,
      `radial-gradient(35% 60% at 0% 100%, ${tokens.colorBrandBackground2} 0%, transparent 70%)`,
    ].join(', '),
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  heroInner: {
    padding: '80px 0 72px',
    maxWidth: '820px',
    '@media (max-width: 600px)': { padding: '40px 0 44px' },
  },
  title: {
    ...typographyStyles.largeTitle,
    fontSize: 'clamp(2.1rem, 3vw + 1rem, 3.5rem)',
    lineHeight: 1.06,
    letterSpacing: '-0.035em',
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForeground1,
    margin: '0 0 20px',
    textWrap: 'balance',
  },
  lead: {
    ...typographyStyles.body2,
    fontSize: 'clamp(1.0625rem, 0.3vw + 1rem, 1.1875rem)',
    lineHeight: 1.6,
    color: tokens.colorNeutralForeground2,
    margin: 0,
    maxWidth: '680px',
  },
  extra: { marginTop: '28px' },
});

/** Frame of a public page: the public header, the page, the public footer. */
export function MarketingPage({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <PublicHeader />
      <main className={styles.main}>{children}</main>
      <PublicFooter />
    </div>
  );
}

type PageHeroProps = { id: string; eyebrow: string; title: ReactNode; lead: ReactNode; children?: ReactNode };

/** The opening of a public page: what the page is about, in one heading and one paragraph. */
export function PageHero({ id, eyebrow, title, lead, children }: PageHeroProps) {
  const styles = useStyles();
  const layout = useMarketingLayoutStyles();
  return (
    <section className={styles.hero} aria-labelledby={id}>
      <div className={layout.container}>
        <div className={styles.heroInner}>
          <p className={layout.eyebrow}>{eyebrow}</p>
          <h1 id={id} className={styles.title}>
            {title}
          </h1>
          <div className={styles.lead}>{lead}</div>
          {children === undefined ? null : <div className={styles.extra}>{children}</div>}
        </div>
      </div>
    </section>
  );
}
