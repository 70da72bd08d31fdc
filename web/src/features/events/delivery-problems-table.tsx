import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { useId } from 'react';
import { DeliveryStatusBadge } from './delivery-status-badge.tsx';
import type { DeliveryProblemRow } from './delivery-wording.ts';

const useStyles = makeStyles({
  caption: { ...typographyStyles.subtitle2, textAlign: 'start', padding: '0 0 8px', color: tokens.colorNeutralForeground1 },
  what: { textAlign: 'start', fontWeight: tokens.fontWeightSemibold, minWidth: '150px' },
  handler: { minWidth: '120px' },
  // Errors can run to a paragraph: three lines on screen, the whole text for screen readers and on hover.
  error: {
    ...typographyStyles.caption1,
    color: tokens.colorPaletteRedForeground1,
    minWidth: '180px',
    maxWidth: '320px',
    overflowWrap: 'anywhere',
    display: '-webkit-box',
    WebkitLineClamp: '3',
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  // Seven columns do not fit a phone: there each problem is a small card instead, so the status
  // and the error are seen without scrolling sideways. Hidden (display: none) means hidden from
  // assistive technology too, so each reader meets one of the two.
  wide: { '@media (max-width: 600px)': { display: 'none' } },
  narrow: { display: 'none', '@media (max-width: 600px)': { display: 'flex', flexDirection: 'column', gap: '8px' } },
  narrowTitle: { ...typographyStyles.subtitle2, margin: 0, color: tokens.colorNeutralForeground1 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '12px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  itemHead: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '8px' },
  itemWhat: { ...typographyStyles.body1Strong, margin: 0 },
  facts: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '6px 12px', margin: 0 },
  term: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  fact: { ...typographyStyles.body1, margin: 0 },
  itemError: { ...typographyStyles.caption1, margin: 0, color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
});

function NextTry({ row }: { row: DeliveryProblemRow }) {
  return row.nextTryAt === null ? row.nextTry : <time dateTime={row.nextTryAt}>{row.nextTry}</time>;
}

/** The phone's view of the same rows: one card per problem, its facts as a description list. */
function DeliveryProblemCards({ rows, caption }: DeliveryProblemsTableProps) {
  const styles = useStyles();
  const titleId = useId();
  return (
    <section className={styles.narrow} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.narrowTitle}>
        {caption}
      </h3>
      <ul className={styles.list}>
        {rows.map((row) => (
          <li key={row.id} className={styles.item}>
            <div className={styles.itemHead}>
              <p className={styles.itemWhat}>{row.what}</p>
              <DeliveryStatusBadge status={row.status} />
            </div>
            <dl className={styles.facts}>
              <div>
                <dt className={styles.term}>Handled by</dt>
                <dd className={styles.fact}>{row.handler}</dd>
              </div>
              <div>
                <dt className={styles.term}>When</dt>
                <dd className={styles.fact}>
                  <time dateTime={row.occurredAt}>{row.when}</time>
                </dd>
              </div>
              <div>
                <dt className={styles.term}>Tries</dt>
                <dd className={styles.fact}>{row.attempts}</dd>
              </div>
              <div>
                <dt className={styles.term}>Next try</dt>
                <dd className={styles.fact}>
                  <NextTry row={row} />
                </dd>
              </div>
            </dl>
            <p className={styles.itemError}>Last error: {row.lastError}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

type DeliveryProblemsTableProps = {
  rows: readonly DeliveryProblemRow[];
  /** The table's caption: its name for screen readers and the heading a sighted reader sees. */
  caption: string;
};

/**
 * Changes that have not reached their handler yet, or never will: a table with one row per
 * hand-over, and on a phone the same rows as cards.
 */
export function DeliveryProblemsTable({ rows, caption }: DeliveryProblemsTableProps) {
  const styles = useStyles();
  const table = useTableStyles();
  const captionId = useId();
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className={mergeClasses(table.scroll, styles.wide)} tabIndex={0} aria-labelledby={captionId}>
        <table className={table.table}>
          <caption id={captionId} className={styles.caption}>
            {caption}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={table.th}>
                When
              </th>
              <th scope="col" className={table.th}>
                What happened
              </th>
              <th scope="col" className={table.th}>
                Handled by
              </th>
              <th scope="col" className={table.th}>
                Status
              </th>
              <th scope="col" className={mergeClasses(table.th, table.num)}>
                Tries
              </th>
              <th scope="col" className={table.th}>
                Last error
              </th>
              <th scope="col" className={table.th}>
                Next try
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td className={mergeClasses(table.td, table.nowrap)}>
                  <time dateTime={row.occurredAt}>{row.when}</time>
                </td>
                <th scope="row" className={mergeClasses(table.td, styles.what)}>
                  {row.what}
                </th>
                <td className={mergeClasses(table.td, styles.handler)}>{row.handler}</td>
                <td className={mergeClasses(table.td, table.nowrap)}>
                  <DeliveryStatusBadge status={row.status} />
                </td>
                <td className={mergeClasses(table.td, table.num)}>{row.attempts}</td>
                <td className={table.td}>
                  <span className={styles.error} title={row.lastError}>
                    {row.lastError}
                  </span>
                </td>
                <td className={mergeClasses(table.td, table.nowrap)}>
                  <NextTry row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <DeliveryProblemCards rows={rows} caption={caption} />
    </>
  );
}
