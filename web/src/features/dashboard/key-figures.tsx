import { makeStyles, Skeleton, SkeletonItem, tokens, typographyStyles } from '@fluentui/react-components';
import type { Dashboard } from '@tradepost/shared/schemas/sales.ts';
import { formatMoney } from '../catalog/money.ts';
import { Sensitive } from '../demo-mode/sensitive.tsx';
import { MoneyFigure } from '../inventory/inventory-figures.tsx';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '10px', minWidth: 0 },
  heading: {
    ...typographyStyles.caption1Strong,
    margin: 0,
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.05em',
  },
  periods: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: '12px',
    margin: 0,
    '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  stock: {
    display: 'grid',
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    gap: '12px',
    margin: 0,
    '@media (max-width: 900px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '16px 18px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
  },
  label: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorNeutralForeground2 },
  big: {
    ...typographyStyles.title2,
    margin: 0,
    color: tokens.colorNeutralForeground1,
    fontVariantNumeric: 'tabular-nums',
    overflowWrap: 'anywhere',
  },
  value: { ...typographyStyles.title3, margin: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
  line: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
  profit: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  loss: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  hint: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
});

type Period = Dashboard['today'];

function PeriodCard({ label, period, currency }: { label: string; period: Period; currency: string }) {
  const styles = useStyles();
  return (
    <div className={styles.card} data-period={label}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.big}>
        <Sensitive kind="money">{formatMoney(period.revenue_cents, currency)}</Sensitive>
      </dd>
      <dd className={styles.line}>
        <span className={period.profit_cents < 0 ? styles.loss : styles.profit}>
          <Sensitive kind="money">{formatMoney(period.profit_cents, currency)}</Sensitive>
        </span>{' '}
        profit
      </dd>
      <dd className={styles.hint}>
        {period.sales} {period.sales === 1 ? 'sale' : 'sales'} · {period.units} {period.units === 1 ? 'unit' : 'units'}
      </dd>
    </div>
  );
}

/** Sales and profit for today, 7 and 30 days; then what the stock is worth and how fast it sells. */
export function KeyFigures({ figures }: { figures: Dashboard }) {
  const styles = useStyles();
  const currency = figures.currency;
  const inv = figures.inventory;
  return (
    <>
      <section className={styles.section} aria-labelledby="sales-figures">
        <h2 id="sales-figures" className={styles.heading}>
          Sales and profit
        </h2>
        <dl className={styles.periods}>
          <PeriodCard label="Today" period={figures.today} currency={currency} />
          <PeriodCard label="Last 7 days" period={figures.last_7_days} currency={currency} />
          <PeriodCard label="Last 30 days" period={figures.last_30_days} currency={currency} />
        </dl>
        <p className={styles.hint}>Revenue is items plus shipping, before tax; profit is after fees, cost of goods and refunds.</p>
      </section>
      <section className={styles.section} aria-labelledby="stock-figures">
        <h2 id="stock-figures" className={styles.heading}>
          Inventory
        </h2>
        <dl className={styles.stock}>
          <div className={styles.card}>
            <dt className={styles.label}>Value at cost</dt>
            <dd className={styles.value}>
              <MoneyFigure cents={inv.value_at_cost_cents} currency={currency} />
            </dd>
            <dd className={styles.hint}>What the stock on hand cost you (FIFO)</dd>
          </div>
          <div className={styles.card}>
            <dt className={styles.label}>Value at price</dt>
            <dd className={styles.value}>
              <MoneyFigure cents={inv.value_at_price_cents} currency={currency} />
            </dd>
            <dd className={styles.hint}>On hand × each size’s price</dd>
          </div>
          <div className={styles.card}>
            <dt className={styles.label}>Units on hand</dt>
            <dd className={styles.value}>{inv.units_on_hand.toLocaleString()}</dd>
            <dd className={styles.hint}>Across every location</dd>
          </div>
          <div className={styles.card}>
            <dt className={styles.label}>Sell-through</dt>
            <dd className={styles.value}>{figures.sell_through_30d_percent}%</dd>
            <dd className={styles.hint}>Units sold in 30 days ÷ (sold + on hand)</dd>
          </div>
        </dl>
      </section>
    </>
  );
}

export function KeyFiguresLoading() {
  const styles = useStyles();
  return (
    <Skeleton aria-label="Loading figures" className={styles.section}>
      <div className={styles.periods}>
        {['today', 'week', 'month'].map((key) => (
          <div key={key} className={styles.card}>
            <SkeletonItem size={16} style={{ width: '40%' }} />
            <SkeletonItem size={32} style={{ width: '70%' }} />
            <SkeletonItem size={12} style={{ width: '50%' }} />
          </div>
        ))}
      </div>
      <div className={styles.stock}>
        {['cost', 'price', 'units', 'through'].map((key) => (
          <div key={key} className={styles.card}>
            <SkeletonItem size={16} style={{ width: '50%' }} />
            <SkeletonItem size={28} style={{ width: '60%' }} />
          </div>
        ))}
      </div>
    </Skeleton>
  );
}
