import { makeStyles, mergeClasses, Skeleton, SkeletonItem, ToggleButton, tokens, typographyStyles } from '@fluentui/react-components';
import { TableRegular } from '@fluentui/react-icons';
import { type ReactNode, useId, useState } from 'react';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    margin: 0,
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    '@media (max-width: 600px)': { padding: '16px' },
  },
  head: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '8px 12px', flexWrap: 'wrap' },
  titles: { minWidth: 0 },
  title: { ...typographyStyles.subtitle2, margin: 0, color: tokens.colorNeutralForeground1 },
  description: { ...typographyStyles.caption1, margin: '2px 0 0', color: tokens.colorNeutralForeground3 },
  body: { minWidth: 0, minHeight: '220px' },
  empty: {
    ...typographyStyles.body1,
    margin: 0,
    minHeight: '120px',
    display: 'grid',
    placeItems: 'center',
    textAlign: 'center',
    padding: '16px',
    color: tokens.colorNeutralForeground3,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  skeleton: { display: 'flex', alignItems: 'flex-end', gap: '8px', height: '200px' },
  bar: { flexGrow: 1 },
});

type ChartCardProps = {
  title: string;
  description?: ReactNode;
  /** The drawing; it should carry the same accessible name as the card. */
  chart: ReactNode;
  /** The same numbers as a table: one click away from every chart. */
  table: ReactNode;
  /** Says what to do when there is nothing to draw yet; replaces chart and toggle. */
  empty?: ReactNode;
  className?: string;
};

/**
 * A chart with its numbers one click away: a toggle swaps the drawing for a table of the same
 * figures (and the table is what a screen reader user is offered first, by the toggle's name).
 */
export function ChartCard({ title, description, chart, table, empty, className }: ChartCardProps) {
  const styles = useStyles();
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <figure className={mergeClasses(styles.card, className)} aria-labelledby={titleId}>
      <div className={styles.head}>
        <figcaption className={styles.titles}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {description === undefined ? null : <p className={styles.description}>{description}</p>}
        </figcaption>
        {empty === undefined ? (
          // Pressed shows the numbers; the name keeps its visible word first and says which chart.
          <ToggleButton size="small" checked={asTable} icon={<TableRegular />} onClick={() => setAsTable((value) => !value)}>
            Numbers<span className={styles.hidden}> for {title.toLowerCase()}</span>
          </ToggleButton>
        ) : null}
      </div>
      {empty !== undefined ? <p className={styles.empty}>{empty}</p> : <div className={styles.body}>{asTable ? table : chart}</div>}
    </figure>
  );
}

const skeletonHeights = [40, 65, 50, 80, 60, 90, 70];

/** Stands in for the drawing inside a card while the chart code loads. */
export function ChartBodySkeleton({ label }: { label: string }) {
  const styles = useStyles();
  return (
    <Skeleton className={styles.skeleton} aria-label={label}>
      {skeletonHeights.map((height) => (
        <SkeletonItem key={height} shape="rectangle" className={styles.bar} style={{ height: `${height}%` }} />
      ))}
    </Skeleton>
  );
}

/** Stands in for a chart card while its figures or its drawing code load. */
export function ChartCardSkeleton({ title, className }: { title: string; className?: string }) {
  const styles = useStyles();
  return (
    <section className={mergeClasses(styles.card, className)} aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`}>
      <p className={styles.title}>{title}</p>
      <Skeleton className={styles.skeleton} aria-hidden="true">
        {skeletonHeights.map((height) => (
          <SkeletonItem key={height} shape="rectangle" className={styles.bar} style={{ height: `${height}%` }} />
        ))}
      </Skeleton>
    </section>
  );
}
