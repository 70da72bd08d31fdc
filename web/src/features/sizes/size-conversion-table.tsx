import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import type { SizeFormatDto } from '@tradepost/shared/schemas/sizes.ts';

const useStyles = makeStyles({
  scroll: {
    overflow: 'auto',
    maxHeight: '420px',
    minWidth: 0,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  table: { width: '100%', borderCollapse: 'collapse', ...typographyStyles.body1 },
  th: {
    ...typographyStyles.caption1Strong,
    position: 'sticky',
    top: 0,
    textAlign: 'start',
    padding: '8px 12px',
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground2,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'nowrap',
  },
  td: {
    padding: '6px 12px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  own: { fontWeight: tokens.fontWeightSemibold },
  none: { color: tokens.colorNeutralForeground4 },
});

/** A size run, one size per row, with its equivalent in every run it converts to ('—' where there is none). */
export function SizeConversionTable({ format }: { format: SizeFormatDto }) {
  const styles = useStyles();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className={styles.scroll} tabIndex={0} aria-label={`${format.name} sizes and conversions`}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th className={styles.th} scope="col">
              {format.name}
            </th>
            {format.conversions.map((conversion) => (
              <th key={conversion.format_id} className={styles.th} scope="col">
                {conversion.format_name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {format.sizes.map((size, i) => (
            <tr key={size}>
              <th scope="row" className={mergeClasses(styles.td, styles.own)}>
                {format.labels[i] ?? size}
              </th>
              {format.conversions.map((conversion) => {
                const value = conversion.values[i] ?? null;
                return (
                  <td key={conversion.format_id} className={styles.td}>
                    {value === null ? (
                      <span className={styles.none} title="No equivalent">
                        —
                      </span>
                    ) : (
                      value
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
