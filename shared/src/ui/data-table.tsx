// The one plain data table of every front end (web app and extension), with its cell styles.

import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export const useTableStyles = makeStyles({
  scroll: { overflowX: 'auto', minWidth: 0, marginInline: '-4px', paddingInline: '4px' },
  table: { width: '100%', borderCollapse: 'collapse', ...typographyStyles.body1 },
  th: {
    ...typographyStyles.caption1Strong,
    textAlign: 'start',
    padding: '8px 10px',
    color: tokens.colorNeutralForeground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'nowrap',
  },
  td: { padding: '8px 10px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, verticalAlign: 'middle' },
  num: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  plus: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  minus: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  highlight: { backgroundColor: tokens.colorBrandBackground2 },
});

/** A plain table in a keyboard-reachable horizontal scroller, for narrow screens. */
export function DataTable({ label, head, children }: { label: string; head: ReactNode; children: ReactNode }) {
  const styles = useTableStyles();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className={styles.scroll} tabIndex={0} aria-label={label}>
      <table className={styles.table}>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
