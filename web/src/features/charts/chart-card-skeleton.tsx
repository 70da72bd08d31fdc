import { mergeClasses, Skeleton, SkeletonItem } from '@fluentui/react-components';
import { useChartCardStyles } from './chart-card-styles.ts';

/*
 * The chart card's stand-ins, in a module of their own: a screen shows them while its charts load,
 * without loading the card itself (issue #16).
 */

const skeletonHeights = [40, 65, 50, 80, 60, 90, 70];

/** Stands in for the drawing inside a card while the chart code loads. */
export function ChartBodySkeleton({ label }: { label: string }) {
  const styles = useChartCardStyles();
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
  const styles = useChartCardStyles();
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
