import { Badge, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import type { ImportRow } from '@tradepost/shared/schemas/catalog-io.ts';
import { outcomeLabels, PREVIEW_ROW_CAP, reasonText, rowsBadFirst } from './import-rows.ts';

const useStyles = makeStyles({
  scroll: {
    overflow: 'auto',
    maxHeight: 'min(52vh, 520px)',
    minWidth: 0,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  // On a phone the table keeps its columns and scrolls sideways inside its frame.
  table: { width: '100%', minWidth: '820px', borderCollapse: 'collapse', ...typographyStyles.body1 },
  th: {
    ...typographyStyles.caption1Strong,
    position: 'sticky',
    top: 0,
    zIndex: 1,
    textAlign: 'start',
    padding: '8px 10px',
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'nowrap',
  },
  td: { padding: '8px 10px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, verticalAlign: 'top' },
  bad: { backgroundColor: tokens.colorPaletteRedBackground1, boxShadow: `inset 3px 0 0 ${tokens.colorPaletteRedBorder2}` },
  num: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  nowrap: { whiteSpace: 'nowrap' },
  product: { minWidth: '160px' },
  productTitle: { display: 'block' },
  muted: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  reasons: { margin: 0, paddingInlineStart: '16px', color: tokens.colorPaletteRedForeground1, minWidth: '220px' },
  notes: { margin: 0, paddingInlineStart: '16px', color: tokens.colorNeutralForeground3, minWidth: '220px' },
  more: { ...typographyStyles.caption1, margin: '8px 10px', color: tokens.colorNeutralForeground3 },
});

/** Every row of the file with what committing does to it; bad rows first, highlighted, with each reason. */
export function ImportPreviewTable({ rows }: { rows: readonly ImportRow[] }) {
  const styles = useStyles();
  const ordered = rowsBadFirst(rows);
  const shown = ordered.slice(0, PREVIEW_ROW_CAP);
  const th = (text: string, numeric = false) => (
    <th scope="col" className={mergeClasses(styles.th, numeric && styles.num)}>
      {text}
    </th>
  );
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className={styles.scroll} tabIndex={0} aria-label="Rows of the file">
      <table className={styles.table}>
        <thead>
          <tr>
            {th('Row', true)}
            {th('Product')}
            {th('Size')}
            {th('SKU')}
            {th('Location')}
            {th('Qty', true)}
            {th('Result')}
            {th('Reasons')}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => {
            const bad = row.errors.length > 0;
            return (
              <tr key={row.row} className={bad ? styles.bad : undefined} data-bad={bad ? 'true' : undefined}>
                <td className={mergeClasses(styles.td, styles.num)}>{row.row}</td>
                <td className={mergeClasses(styles.td, styles.product)}>
                  <span className={styles.productTitle}>{row.title || '—'}</span>
                  {row.style_code ? <span className={mergeClasses(styles.muted, styles.mono)}>{row.style_code}</span> : null}
                </td>
                <td className={mergeClasses(styles.td, styles.nowrap)}>{row.size || '—'}</td>
                <td className={mergeClasses(styles.td, styles.mono, styles.nowrap)}>{row.sku || '—'}</td>
                <td className={styles.td}>{row.location ?? '—'}</td>
                <td className={mergeClasses(styles.td, styles.num)}>{row.quantity ?? '—'}</td>
                <td className={mergeClasses(styles.td, styles.nowrap)}>
                  {bad ? (
                    <Badge appearance="filled" color="danger" shape="rounded">
                      Bad row
                    </Badge>
                  ) : row.outcome !== null ? (
                    <Badge appearance="tint" color={row.outcome === 'unchanged' ? 'informative' : 'brand'} shape="rounded">
                      {outcomeLabels[row.outcome]}
                    </Badge>
                  ) : null}
                </td>
                <td className={styles.td}>
                  {bad ? (
                    <ul className={styles.reasons}>
                      {row.errors.map((error) => (
                        <li key={`${error.field}:${error.message}`}>{reasonText(error)}</li>
                      ))}
                    </ul>
                  ) : row.notes.length > 0 ? (
                    <ul className={styles.notes}>
                      {row.notes.map((note) => (
                        <li key={note}>{note}</li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {ordered.length > shown.length ? (
        <p className={styles.more}>
          Showing the first {shown.length.toLocaleString()} of {ordered.length.toLocaleString()} rows, bad rows first.
        </p>
      ) : null}
    </section>
  );
}
