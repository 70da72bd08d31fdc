import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { formatMoney } from '@tradepost/shared/ui/money.ts';
import { locationLine, type SearchResult } from './inventory-search-model.ts';

const useStyles = makeStyles({
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '4px 12px', flexWrap: 'wrap' },
  title: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground1, overflowWrap: 'anywhere' },
  price: { ...typographyStyles.body1Strong, fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground1 },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  stock: { ...typographyStyles.body1, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  none: { ...typographyStyles.body1, color: tokens.colorNeutralForeground3 },
});

export function priceText(price: SearchResult['price'], currency: string): string {
  if (price === null) return 'No price';
  if (price.low === price.high) return formatMoney(price.low, currency);
  return `${formatMoney(price.low, currency)}–${formatMoney(price.high, currency)}`;
}

/** One result of the inventory search: title and price, what identifies it, then its stock at each location holding some. */
export function ResultBody({ result, currency }: { result: SearchResult; currency: string }) {
  const styles = useStyles();
  const sizes = result.sizes.length === 0 ? 'No sizes' : `Sizes ${result.sizes.join(', ')}`;
  return (
    <>
      <span className={styles.head}>
        <span className={styles.title}>{result.title}</span>
        <span className={styles.price}>{priceText(result.price, currency)}</span>
      </span>
      <span className={styles.meta}>{[result.meta, sizes].filter((part) => part !== '').join(' · ')}</span>
      {result.onHand === 0 && (result.locations === null || result.locations.length === 0) ? (
        <span className={styles.none}>No stock on hand</span>
      ) : result.locations === null || result.locations.length === 0 ? (
        <span className={styles.stock}>{result.onHand} on hand</span>
      ) : (
        result.locations.map((stock) => (
          <span key={stock.locationId} className={styles.stock}>
            {locationLine(stock)}
          </span>
        ))
      )}
    </>
  );
}
