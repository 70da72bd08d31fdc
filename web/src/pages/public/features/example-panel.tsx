import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  figure: { margin: 0, minWidth: 0 },
  card: {
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    overflow: 'hidden',
  },
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '12px 16px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    ...typographyStyles.caption1Strong,
    color: tokens.colorNeutralForeground2,
  },
  barIcon: { display: 'inline-flex', color: tokens.colorBrandForeground1, fontSize: '16px' },
  body: { padding: '16px' },
  caption: {
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground3,
    textAlign: 'center',
    marginTop: '12px',
  },
});

type ExamplePanelProps = { label: string; icon: ReactNode; title: string; caption: string; children: ReactNode };

/** A small drawn example beside a feature: made-up data, always captioned as an example. */
export function ExamplePanel({ label, icon, title, caption, children }: ExamplePanelProps) {
  const styles = useStyles();
  return (
    <figure className={styles.figure} aria-label={label}>
      <div className={styles.card}>
        <div className={styles.bar}>
          <span className={styles.barIcon} aria-hidden="true">
            {icon}
          </span>
          {title}
        </div>
        <div className={styles.body}>{children}</div>
      </div>
      <figcaption className={styles.caption}>{caption}</figcaption>
    </figure>
  );
}
