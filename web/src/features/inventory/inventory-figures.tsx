import { makeStyles, mergeClasses, Skeleton, SkeletonItem, tokens, typographyStyles } from '@fluentui/react-components';
import type { InventorySummary } from '@tradepost/shared/schemas/inventory.ts';
import type { ReactNode } from 'react';
import { formatMoney, formatMoneyFigure } from '../catalog/money.ts';
import { Sensitive } from '../demo-mode/sensitive.tsx';
import { useDemoMode } from '../demo-mode/use-demo-mode.ts';

const useStyles = makeStyles({
  strip: {
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
    padding: '14px 16px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  label: {
    ...typographyStyles.caption1Strong,
    margin: 0,
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
  value: {
    ...typographyStyles.title3,
    margin: 0,
    color: tokens.colorNeutralForeground1,
    fontVariantNumeric: 'tabular-nums',
    overflowWrap: 'anywhere',
  },
  hint: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
});

type StatCardProps = { label: string; value: ReactNode; hint?: ReactNode; className?: string };

/** One figure with its name; a `dl` pair so screen readers read name and value together. */
export function StatCard({ label, value, hint, className }: StatCardProps) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.card, className)}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value} style={{ margin: 0 }}>
        {value}
      </dd>
      {hint === undefined ? null : <dd className={styles.hint}>{hint}</dd>}
    </div>
  );
}

export function StatGrid({ children, label }: { children: ReactNode; label: string }) {
  const styles = useStyles();
  return (
    <dl className={styles.strip} aria-label={label}>
      {children}
    </dl>
  );
}

export function StatGridLoading({ count = 4 }: { count?: number }) {
  const styles = useStyles();
  return (
    <Skeleton className={styles.strip} aria-label="Loading inventory figures">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed, identical skeleton cards
        <div key={i} className={styles.card}>
          <SkeletonItem size={12} style={{ width: '50%' }} />
          <SkeletonItem size={28} style={{ width: '70%' }} />
        </div>
      ))}
    </Skeleton>
  );
}

/**
 * A money figure that fits its card: compact from a million up, the exact amount on hover and to
 * screen readers. Demo mode masks it like any other amount (and shows no exact value on hover).
 */
export function MoneyFigure({ cents, currency }: { cents: number; currency: string }) {
  const demo = useDemoMode();
  const exact = formatMoney(cents, currency);
  const shown = formatMoneyFigure(cents, currency);
  if (demo || shown === exact) return <Sensitive kind="money">{exact}</Sensitive>;
  return (
    <abbr title={exact} aria-label={exact} style={{ textDecoration: 'none' }}>
      {shown}
    </abbr>
  );
}

const count = (n: number) => n.toLocaleString();

/** The value header of the products page: stock at cost and at price, from the inventory summary. */
export function InventoryValueStrip({ summary, currency }: { summary: InventorySummary; currency: string }) {
  return (
    <StatGrid label="Inventory value">
      <StatCard
        label="Value at cost"
        value={<MoneyFigure cents={summary.value_at_cost_cents} currency={currency} />}
        hint={summary.units_without_cost > 0 ? `${count(summary.units_without_cost)} units have no cost yet` : 'Remaining FIFO lots'}
      />
      <StatCard
        label="Value at price"
        value={<MoneyFigure cents={summary.value_at_price_cents} currency={currency} />}
        hint="On hand × size price"
      />
      <StatCard label="Units on hand" value={count(summary.units_on_hand)} hint={`${count(summary.units_available)} available`} />
      <StatCard label="Products" value={count(summary.products)} hint={`${count(summary.variants_in_stock)} sizes in stock`} />
    </StatGrid>
  );
}

export { count as formatCount };
