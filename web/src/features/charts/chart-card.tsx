import { mergeClasses, ToggleButton } from '@fluentui/react-components';
import { TableRegular } from '@fluentui/react-icons';
import { type ReactNode, useId, useState } from 'react';
import { useChartCardStyles } from './chart-card-styles.ts';

export { ChartBodySkeleton, ChartCardSkeleton } from './chart-card-skeleton.tsx';

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
  const styles = useChartCardStyles();
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
