import { MessageBar, MessageBarBody, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { formatMoney, formatPercent } from '@tradepost/shared/ui/money.ts';
import type { ListingLookup } from '../../lib/catalog-lookup.ts';
import type { CapturedListing } from '../../lib/readers/captured-listing.ts';
import { type Repricing, repricing } from '../../lib/repricing.ts';
import { Figures } from '../figures.tsx';
import { ApplyPrice } from './apply-price.tsx';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  note: { color: tokens.colorNeutralForeground3 },
  scale: { position: 'relative', height: '44px', margin: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}` },
  track: {
    position: 'absolute',
    left: 0,
    right: 0,
    top: '20px',
    height: '4px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground5,
  },
  danger: {
    position: 'absolute',
    top: '20px',
    height: '4px',
    left: 0,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorPaletteRedBackground3,
  },
  marker: {
    position: 'absolute',
    top: '14px',
    width: '2px',
    height: '16px',
    transform: 'translateX(-1px)',
    backgroundColor: tokens.colorNeutralForeground3,
  },
  page: { backgroundColor: tokens.colorBrandBackground, width: '4px', transform: 'translateX(-2px)' },
  suggested: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  label: {
    position: 'absolute',
    top: 0,
    transform: 'translateX(-50%)',
    fontSize: tokens.fontSizeBase100,
    lineHeight: tokens.lineHeightBase100,
    color: tokens.colorNeutralForeground3,
    whiteSpace: 'nowrap',
  },
  labelBelow: { top: '32px' },
});

/** Where cost, floor, our suggestion and the page's price sit against each other. */
function PriceScale({ figures }: { figures: Repricing }) {
  const styles = useStyles();
  const points = [
    { key: 'cost', label: 'Cost', cents: figures.cost_cents, className: undefined, below: true },
    {
      key: 'floor',
      label: 'Floor',
      cents: figures.floor_basis === 'min-margin' ? figures.floor_cents : null,
      className: undefined,
      below: false,
    },
    { key: 'suggested', label: 'Suggested', cents: figures.suggested?.price_cents ?? null, className: styles.suggested, below: true },
    { key: 'page', label: 'This page', cents: figures.page_price_cents, className: styles.page, below: false },
  ].filter((point): point is typeof point & { cents: number } => point.cents !== null);
  if (points.length < 2) return null;
  const low = Math.min(...points.map((point) => point.cents)) * 0.9;
  const high = Math.max(...points.map((point) => point.cents)) * 1.05;
  const at = (cents: number) => `${((cents - low) / (high - low)) * 100}%`;
  return (
    <div className={styles.scale} aria-hidden>
      <div className={styles.track} />
      {figures.floor_cents !== null && <div className={styles.danger} style={{ width: at(figures.floor_cents) }} />}
      {points.map((point) => (
        <div key={point.key}>
          <div className={mergeClasses(styles.marker, point.className)} style={{ left: at(point.cents) }} />
          <span className={mergeClasses(styles.label, point.below && styles.labelBelow)} style={{ left: at(point.cents) }}>
            {point.label}
          </span>
        </div>
      ))}
    </div>
  );
}

/** The repricing panel: this page's price against our cost, floor, margin and the channel rule's price. */
export function RepricingView({ listing, lookup }: { listing: CapturedListing; lookup: ListingLookup }) {
  const styles = useStyles();
  const match = lookup.match;
  if (match === null) {
    return (
      <Text size={200} className={styles.note}>
        Repricing compares this page's price with your cost. Add the item to inventory first (Listing tab), then record what you paid in
        Tradepost.
      </Text>
    );
  }
  const { stock } = match;
  const row = stock.rows.find((item) => item.variant_id === match.variant_id) ?? null;
  // Margin is counted on the unit that sells next (FIFO), as the business's price rules count it.
  const cost = row?.next_unit_cost_cents ?? row?.cost_cents ?? stock.average_cost_cents;
  const pagePrice = listing.price !== null && listing.price.currency === stock.currency ? listing.price.cents : null;
  const figures = repricing({
    page_price_cents: pagePrice,
    cost_cents: cost,
    base_price_cents: row?.price_cents ?? stock.product.retail_price_cents,
    rule: lookup.price_rule,
  });
  const money = (cents: number | null) => (cents === null ? '–' : formatMoney(cents, stock.currency));
  const rule = lookup.price_rule;
  return (
    <section className={styles.section} aria-label="Repricing">
      {listing.price !== null && pagePrice === null && (
        <MessageBar intent="warning">
          <MessageBarBody>
            This page prices in {listing.price.currency}; your business counts in {stock.currency}, so the figures leave the page price out.
          </MessageBarBody>
        </MessageBar>
      )}
      <Figures
        label="Price figures"
        items={[
          { label: 'This page', value: money(figures.page_price_cents) },
          {
            label: row?.next_unit_cost_cents != null ? 'Cost of next unit' : 'Average cost',
            value: money(figures.cost_cents),
            hint: figures.cost_cents === null ? 'No cost recorded' : undefined,
          },
          {
            label: 'Margin here',
            value: figures.margin_percent === null ? '–' : formatPercent(figures.margin_percent),
            hint: figures.profit_cents === null ? undefined : `${money(figures.profit_cents)} profit`,
          },
          {
            label: 'Floor',
            value: money(figures.floor_cents),
            hint:
              figures.floor_basis === 'min-margin' && rule?.min_margin_percent != null
                ? `Keeps ${formatPercent(rule.min_margin_percent)} margin`
                : figures.floor_basis === 'cost'
                  ? 'Breaks even'
                  : undefined,
          },
          {
            label: 'Suggested',
            value: money(figures.suggested?.price_cents ?? null),
            hint:
              figures.suggested === null
                ? 'Set a price for this size in Tradepost'
                : figures.suggested.basis === 'rule' && rule !== null
                  ? `${rule.channel_name} rule${figures.suggested.raised_for_margin ? ', raised for margin' : ''}`
                  : 'Your own price (no rule for this channel)',
          },
        ]}
      />
      <PriceScale figures={figures} />
      {figures.below_floor && (
        <MessageBar intent="warning" role="status">
          <MessageBarBody>This page's price is below your floor.</MessageBarBody>
        </MessageBar>
      )}
      <ApplyPrice
        site={listing.site}
        stock={stock}
        variantId={match.variant_id}
        startCents={figures.suggested?.price_cents ?? figures.page_price_cents}
      />
    </section>
  );
}
