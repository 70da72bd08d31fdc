import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { isSizeFormatId, sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';

const useStyles = makeStyles({
  // One line of whole chips: those that do not fit wrap onto a second line that is cut off, rather
  // than one chip being cut in half at the cell's edge.
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '4px',
    margin: 0,
    padding: 0,
    listStyle: 'none',
    overflow: 'hidden',
    minWidth: 0,
    maxHeight: `calc(${tokens.lineHeightBase200} + 4px)`,
  },
  wrap: { maxHeight: 'none' },
  chip: {
    ...typographyStyles.caption1Strong,
    flexShrink: 0,
    padding: '1px 7px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
  },
  more: { backgroundColor: 'transparent', color: tokens.colorNeutralForeground3 },
  none: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
});

/** A product's sizes with their stock: a full product's variants or a table line's sizes. */
type SizeStock = { size: string; on_hand: number };
type SizeStockChipsProps = { sizeFormat: string; sizes: readonly SizeStock[]; max?: number; wrap?: boolean };

/** Sizes with stock as chips ('9 ×2'), in run order; the rest are counted in a last '+N' chip. */
export function SizeStockChips({ sizeFormat, sizes, max = 8, wrap = false }: SizeStockChipsProps) {
  const styles = useStyles();
  const inStock = sizes.filter((stock) => stock.on_hand > 0);
  if (inStock.length === 0) return <span className={styles.none}>No stock</span>;
  const shown = inStock.slice(0, max);
  const hidden = inStock.length - shown.length;
  const full = (size: string) => (isSizeFormatId(sizeFormat) ? sizeLabel(sizeFormat, size) : size);
  return (
    <ul className={wrap ? `${styles.list} ${styles.wrap}` : styles.list} aria-label={`Sizes in stock: ${inStock.length}`}>
      {shown.map((stock) => (
        <li key={stock.size} className={styles.chip} title={`${full(stock.size)}: ${stock.on_hand} on hand`}>
          {stock.size} ×{stock.on_hand}
        </li>
      ))}
      {hidden > 0 ? <li className={`${styles.chip} ${styles.more}`}>+{hidden}</li> : null}
    </ul>
  );
}
