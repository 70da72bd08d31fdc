import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '8px',
    padding: '40px 24px',
    textAlign: 'center',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    '@media (max-width: 600px)': { padding: '28px 16px' },
  },
  icon: { display: 'flex', fontSize: '32px', color: tokens.colorNeutralForeground3 },
  success: { color: tokens.colorPaletteGreenForeground1 },
  title: { ...typographyStyles.subtitle2, margin: 0, color: tokens.colorNeutralForeground1 },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, maxWidth: '520px' },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '8px', marginTop: '4px' },
});

type EmptyStateProps = {
  title: ReactNode;
  /** What to do next: the line under the title. */
  children?: ReactNode;
  icon?: ReactNode;
  /** `success` colours the icon green, for an empty list that is good news (a clear queue). */
  tone?: 'neutral' | 'success';
  actions?: ReactNode;
  /** The title is a heading of this level where the page outline needs one; a plain paragraph otherwise. */
  headingLevel?: 2 | 3 | 4;
  /** Given, the box is a region named by its title (the title gets this id). */
  id?: string;
};

/** The dashed box a list or panel shows while it has nothing: what is missing and what to do about it. */
export function EmptyState({ title, children, icon, tone = 'neutral', actions, headingLevel, id }: EmptyStateProps) {
  const styles = useStyles();
  const Title = headingLevel === undefined ? 'p' : (`h${headingLevel}` as const);
  const content = (
    <>
      {icon === undefined ? null : (
        <span className={mergeClasses(styles.icon, tone === 'success' && styles.success)} aria-hidden="true">
          {icon}
        </span>
      )}
      <Title id={id} className={styles.title}>
        {title}
      </Title>
      {children === undefined ? null : <p className={styles.text}>{children}</p>}
      {actions === undefined ? null : <div className={styles.actions}>{actions}</div>}
    </>
  );
  return id === undefined ? (
    <div className={styles.box}>{content}</div>
  ) : (
    <section className={styles.box} aria-labelledby={id}>
      {content}
    </section>
  );
}
