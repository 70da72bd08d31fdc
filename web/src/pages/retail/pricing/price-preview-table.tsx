import { Badge, makeStyles, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, TagRegular } from '@fluentui/react-icons';
import type { PriceRuleInput } from '@tradepost/shared/schemas/sales.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatMoney } from '../../../features/catalog/money.ts';
import { useLastAnswer } from '../../../features/catalog/use-products.ts';
import { EmptyState } from '../../../features/layout/empty-state.tsx';
import { LoadFailed } from '../../../features/layout/load-failed.tsx';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { usePricePreview } from '../../../features/retail/use-price-rules.ts';
import type { BusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', gap: '8px', minWidth: 0 },
  stale: { opacity: 0.55 },
  status: {
    ...typographyStyles.caption1,
    margin: 0,
    color: tokens.colorNeutralForeground3,
    display: 'flex',
    gap: '6px',
    alignItems: 'center',
  },
  product: { display: 'block', fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  size: { display: 'block', ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  price: { fontWeight: tokens.fontWeightSemibold },
  up: { color: tokens.colorPaletteGreenForeground1 },
  down: { color: tokens.colorPaletteRedForeground1 },
  lowMargin: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

type PricePreviewTableProps = {
  scope: BusinessScope | undefined;
  /** The rule as typed (null while it does not parse). */
  rule: PriceRuleInput | null;
  /** The form has a mistake: the table shows the last good preview, dimmed. */
  stale: boolean;
};

/** Real products in stock under the rule: base price, cost, the channel price and its margin. */
export function PricePreviewTable({ scope, rule, stale }: PricePreviewTableProps) {
  const styles = useStyles();
  const table = useTableStyles();
  const currency = scope?.currency ?? 'USD';
  const preview = usePricePreview(scope, rule);
  // The last answer stays on screen, dimmed, while the next rule is priced.
  const shown = useLastAnswer(preview.data);
  const items = shown.data?.items ?? [];

  if (shown.data === undefined) {
    return preview.isError ? (
      <LoadFailed subject="The preview" onRetry={() => void preview.refetch()} retrying={preview.isFetching} />
    ) : (
      <p className={styles.status}>
        <Spinner size="tiny" aria-hidden="true" /> Working out prices…
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        title="Nothing to preview yet"
        icon={<TagRegular />}
        actions={
          <ButtonLink to="/products/create-custom" icon={<AddRegular />}>
            Add a product
          </ButtonLink>
        }
      >
        The preview uses products that have a price and stock on hand. You have none yet: add a product with a price, then receive stock for
        it.
      </EmptyState>
    );
  }
  return (
    <div className={styles.wrap}>
      <p className={styles.status} aria-live="polite">
        {preview.isFetching ? <Spinner size="tiny" aria-hidden="true" /> : null}
        {stale ? 'Fix the rule above to update the preview.' : `${items.length} recently changed sizes in stock, priced by this rule.`}
      </p>
      <div className={stale || shown.previous ? styles.stale : undefined} aria-busy={preview.isFetching}>
        <DataTable
          label="Price preview"
          head={
            <>
              <th className={table.th}>Product</th>
              <th className={`${table.th} ${table.num}`}>Base price</th>
              <th className={`${table.th} ${table.num}`}>Cost</th>
              <th className={`${table.th} ${table.num}`}>Channel price</th>
              <th className={`${table.th} ${table.num}`}>Margin</th>
              <th className={table.th}>
                <span className={table.muted}>Note</span>
              </th>
            </>
          }
        >
          {items.map((item) => {
            const change = item.channel_price_cents - item.base_price_cents;
            return (
              <tr key={item.variant_id}>
                <td className={table.td}>
                  <span className={styles.product}>{item.title}</span>
                  <span className={styles.size}>Size {item.size}</span>
                </td>
                <td className={`${table.td} ${table.num}`}>{formatMoney(item.base_price_cents, currency)}</td>
                <td className={`${table.td} ${table.num}`}>
                  {item.cost_cents === null ? <span className={table.muted}>Unknown</span> : formatMoney(item.cost_cents, currency)}
                </td>
                <td className={`${table.td} ${table.num} ${styles.price}`}>
                  {formatMoney(item.channel_price_cents, currency)}
                  {change === 0 ? null : (
                    <span className={change > 0 ? styles.up : styles.down}>
                      {' '}
                      ({change > 0 ? '+' : '−'}
                      {formatMoney(Math.abs(change), currency)})
                    </span>
                  )}
                </td>
                <td
                  className={`${table.td} ${table.num} ${item.margin_percent !== null && item.margin_percent < 10 ? styles.lowMargin : ''}`}
                >
                  {item.margin_percent === null ? <span className={table.muted}>—</span> : `${item.margin_percent}%`}
                </td>
                <td className={table.td}>
                  {item.raised_for_margin ? (
                    <Badge appearance="tint" color="warning" shape="rounded">
                      Raised for margin
                    </Badge>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </div>
    </div>
  );
}
