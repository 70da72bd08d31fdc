import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import type { HighestBidRow } from '@tradepost/shared/schemas/highest-bid.ts';
import { formatMoney } from '../../features/catalog/money.ts';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2px 12px',
    margin: 0,
    padding: 0,
    listStyle: 'none',
    ...typographyStyles.caption1,
    color: tokens.colorNeutralForeground3,
  },
  offer: { ...typographyStyles.caption1Strong, color: tokens.colorPaletteGreenForeground1 },
  none: { fontStyle: 'italic' },
});

export type GuidanceFact = { key: 'last_sale' | 'our_price' | 'market' | 'offer'; text: string; muted: boolean };

/**
 * What to weigh before agreeing a price, in words: our last sale, our price, the market price (no
 * source is connected, so it says so instead of showing a figure) and the offer that keeps the margin.
 */
export function guidanceFacts(row: HighestBidRow | undefined, marginPercent: number | undefined, currency: string): GuidanceFact[] {
  const money = (cents: number) => formatMoney(cents, currency);
  if (row === undefined) return [{ key: 'offer', text: 'Guidance loading…', muted: true }];
  const margin = marginPercent === undefined ? '' : ` (keeps ${marginPercent}% margin)`;
  return [
    {
      key: 'last_sale',
      text: row.last_sale_cents === null ? 'Last sale: none yet' : `Last sale ${money(row.last_sale_cents)}`,
      muted: row.last_sale_cents === null,
    },
    {
      key: 'our_price',
      text: row.price_cents === null ? 'Our price: not set' : `Our price ${money(row.price_cents)}`,
      muted: row.price_cents === null,
    },
    { key: 'market', text: 'Market price: not connected', muted: true },
    {
      key: 'offer',
      text: row.highest_bid_cents === null ? 'Offer: no sales or price to go by' : `Offer up to ${money(row.highest_bid_cents)}${margin}`,
      muted: row.highest_bid_cents === null,
    },
  ];
}

export function SizeGuidance({
  row,
  marginPercent,
  currency,
}: {
  row: HighestBidRow | undefined;
  marginPercent: number | undefined;
  currency: string;
}) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label="Price guidance">
      {guidanceFacts(row, marginPercent, currency).map((fact) => (
        <li key={fact.key} className={mergeClasses(fact.key === 'offer' && !fact.muted && styles.offer, fact.muted && styles.none)}>
          {fact.text}
        </li>
      ))}
    </ul>
  );
}
