// The frame of a signed-in page and its titled sections, for every front end (web app and extension).

import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  page: {
    maxWidth: '980px',
    margin: '0 auto',
    padding: '32px 24px 64px',
    display: 'flex',
    flexDirection: 'column',
    gap: '24px',
    '@media (max-width: 600px)': { padding: '20px 16px 48px', gap: '16px' },
  },
  wide: { maxWidth: '1160px' },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: '12px 24px' },
  titles: { minWidth: 0, maxWidth: '720px' },
  title: {
    ...typographyStyles.title2,
    letterSpacing: '-0.02em',
    margin: 0,
    color: tokens.colorNeutralForeground1,
  },
  description: { ...typographyStyles.body1, margin: '6px 0 0', color: tokens.colorNeutralForeground2 },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: '20px',
    padding: '24px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    '@media (max-width: 600px)': { padding: '18px 16px' },
  },
  sectionHead: { display: 'flex', alignItems: 'flex-start', gap: '12px' },
  sectionIcon: {
    width: '36px',
    height: '36px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusMedium,
    display: 'grid',
    placeItems: 'center',
    fontSize: '20px',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  sectionTitles: { minWidth: 0, flexGrow: 1 },
  sectionTitle: { ...typographyStyles.subtitle1, margin: 0, color: tokens.colorNeutralForeground1 },
  sectionDescription: { ...typographyStyles.body1, margin: '4px 0 0', color: tokens.colorNeutralForeground3 },
  sectionAside: { flexShrink: 0 },
});

type AppPageProps = { title: string; description?: ReactNode; actions?: ReactNode; wide?: boolean; children: ReactNode };

/** The content frame of a signed-in page: a heading with an optional line of context, then the page. */
export function AppPage({ title, description, actions, wide = false, children }: AppPageProps) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.page, wide && styles.wide)}>
      <header className={styles.header}>
        <div className={styles.titles}>
          <h1 className={styles.title}>{title}</h1>
          {description === undefined ? null : <p className={styles.description}>{description}</p>}
        </div>
        {actions}
      </header>
      {children}
    </div>
  );
}

type PageSectionProps = {
  id: string;
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
};

/** One card of a settings-like page, labelled by its heading. */
export function PageSection({ id, title, description, icon, aside, children }: PageSectionProps) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        {icon === undefined ? null : (
          <span className={styles.sectionIcon} aria-hidden="true">
            {icon}
          </span>
        )}
        <div className={styles.sectionTitles}>
          <h2 id={id} className={styles.sectionTitle}>
            {title}
          </h2>
          {description === undefined ? null : <p className={styles.sectionDescription}>{description}</p>}
        </div>
        {aside === undefined ? null : <div className={styles.sectionAside}>{aside}</div>}
      </div>
      {children}
    </section>
  );
}
