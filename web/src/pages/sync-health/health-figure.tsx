import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    gap: '8px',
    margin: 0,
  },
  figure: { padding: '10px 12px', borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground2, minWidth: 0 },
  term: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  value: { ...typographyStyles.subtitle2, margin: 0, fontVariantNumeric: 'tabular-nums' },
  sub: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  warning: { color: tokens.colorStatusWarningForeground3 },
  bad: { color: tokens.colorPaletteRedForeground1 },
});

export type FigureTone = 'neutral' | 'warning' | 'bad';

/** The grid of small figures a Sync Health card opens with (a description list). */
export function HealthFigures({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return <dl className={styles.figures}>{children}</dl>;
}

/** One figure: what it counts, the number, and a line saying what the number means. */
export function HealthFigure({ term, value, sub, tone = 'neutral' }: { term: string; value: string; sub?: string; tone?: FigureTone }) {
  const styles = useStyles();
  return (
    <div className={styles.figure}>
      <dt className={styles.term}>{term}</dt>
      <dd className={mergeClasses(styles.value, tone === 'warning' && styles.warning, tone === 'bad' && styles.bad)}>{value}</dd>
      {sub ? <dd className={styles.sub}>{sub}</dd> : null}
    </div>
  );
}
