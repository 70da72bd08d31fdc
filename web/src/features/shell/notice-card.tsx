import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  wrap: { display: 'flex', justifyContent: 'center', padding: '48px 24px', '@media (max-width: 600px)': { padding: '24px 16px' } },
  card: {
    width: '100%',
    maxWidth: '560px',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '12px',
    padding: '28px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    '@media (max-width: 600px)': { padding: '20px' },
  },
  icon: {
    width: '40px',
    height: '40px',
    display: 'grid',
    placeItems: 'center',
    fontSize: '22px',
    borderRadius: tokens.borderRadiusLarge,
  },
  danger: { backgroundColor: tokens.colorStatusDangerBackground1, color: tokens.colorStatusDangerForeground1 },
  brand: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1 },
  title: { ...typographyStyles.title3, margin: 0, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  actions: { marginTop: '8px' },
});

type NoticeCardProps = {
  /** The heading's id, which names the card for assistive technology. */
  titleId: string;
  title: ReactNode;
  icon: ReactNode;
  tone: 'danger' | 'brand';
  /** The way out, under the text; none when there is nowhere better to go. */
  action?: ReactNode;
  children: ReactNode;
};

/** A card in the content area that says why this page shows nothing else: icon, heading, text, a way out. */
export function NoticeCard({ titleId, title, icon, tone, action, children }: NoticeCardProps) {
  const styles = useStyles();
  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby={titleId}>
        <span className={mergeClasses(styles.icon, styles[tone])} aria-hidden="true">
          {icon}
        </span>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        {children}
        {action === undefined ? null : <div className={styles.actions}>{action}</div>}
      </section>
    </div>
  );
}
