import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { isSizeFormatId, sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import { useLayoutEffect, useRef, useState } from 'react';
import { chipsThatFit } from './chips-that-fit.ts';

const GAP = 4;

const useStyles = makeStyles({
  // One line of whole chips: the chips that do not fit are counted in a last '+N' chip (measured,
  // so a wide column shows more), never cut in half or dropped without saying so.
  list: {
    position: 'relative',
    display: 'flex',
    flexWrap: 'nowrap',
    gap: `${GAP}px`,
    margin: 0,
    padding: 0,
    listStyle: 'none',
    overflow: 'hidden',
    minWidth: 0,
  },
  wrap: { flexWrap: 'wrap' },
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
  // Kept in the list (so its width can be measured again when the column grows) but out of the line.
  overflowed: { position: 'absolute', visibility: 'hidden', pointerEvents: 'none', top: 0, left: 0 },
  more: { backgroundColor: 'transparent', color: tokens.colorNeutralForeground2, cursor: 'default' },
  none: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
});

/** A product's sizes with their stock: a full product's variants or a table line's sizes. */
type SizeStock = { size: string; on_hand: number };
type SizeStockChipsProps = { sizeFormat: string; sizes: readonly SizeStock[]; max?: number; wrap?: boolean };

/**
 * Sizes with stock as chips ('9 ×2'), in run order, on one line; those that do not fit (or pass
 * `max`) are counted in a last '+N' chip whose tooltip names them. `wrap` lets them take more lines.
 */
export function SizeStockChips({ sizeFormat, sizes, max, wrap = false }: SizeStockChipsProps) {
  const styles = useStyles();
  const listRef = useRef<HTMLUListElement>(null);
  const inStock = sizes.filter((stock) => stock.on_hand > 0);
  const capped = Math.min(max ?? inStock.length, inStock.length);
  const [fit, setFit] = useState(capped);
  const signature = inStock.map((stock) => `${stock.size}:${stock.on_hand}`).join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: other sizes or stock change the chips' widths: measure again.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list === null || wrap) {
      setFit(capped);
      return;
    }
    const measure = () => {
      const widths = Array.from(list.querySelectorAll<HTMLElement>('[data-chip]'), (chip) => chip.offsetWidth).slice(0, capped);
      const moreWidth = list.querySelector<HTMLElement>('[data-more-probe]')?.offsetWidth ?? 36;
      // What `max` leaves out needs the '+N' chip too.
      setFit(chipsThatFit(widths, list.clientWidth, GAP, moreWidth, capped < inStock.length));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [signature, capped, wrap, inStock.length]);

  if (inStock.length === 0) return <span className={styles.none}>No stock</span>;
  const full = (size: string) => (isSizeFormatId(sizeFormat) ? sizeLabel(sizeFormat, size) : size);
  const shown = Math.min(fit, capped);
  const hidden = inStock.slice(shown);
  const hiddenText = hidden.map((stock) => `${full(stock.size)}: ${stock.on_hand} on hand`).join(', ');
  return (
    <ul ref={listRef} className={mergeClasses(styles.list, wrap && styles.wrap)} aria-label={`Sizes in stock: ${inStock.length}`}>
      {inStock.map((stock, index) => (
        <li
          key={stock.size}
          data-chip=""
          aria-hidden={index >= shown || undefined}
          className={mergeClasses(styles.chip, index >= shown && styles.overflowed)}
          title={`${full(stock.size)}: ${stock.on_hand} on hand`}
        >
          {stock.size} ×{stock.on_hand}
        </li>
      ))}
      {hidden.length > 0 ? (
        <li className={mergeClasses(styles.chip, styles.more)} title={hiddenText} aria-label={`${hidden.length} more: ${hiddenText}`}>
          +{hidden.length}
        </li>
      ) : null}
      {wrap ? null : (
        <li data-more-probe="" aria-hidden className={mergeClasses(styles.chip, styles.more, styles.overflowed)}>
          +{Math.max(hidden.length, 9)}
        </li>
      )}
    </ul>
  );
}
