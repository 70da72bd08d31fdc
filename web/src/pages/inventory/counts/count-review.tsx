import {
  Button,
  Checkbox,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  mergeClasses,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { CheckmarkCircleRegular, DataHistogramRegular, DocumentCheckmarkRegular } from '@fluentui/react-icons';
import type { Count } from '@tradepost/shared/schemas/inventory.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { formatMoney } from '../../../features/catalog/money.ts';
import { Sensitive } from '../../../features/demo-mode/sensitive.tsx';
import { reviewVariance, signed } from '../../../features/inventory/count-model.ts';
import { StatCard, StatGrid } from '../../../features/inventory/inventory-figures.tsx';
import { type CompleteCountResult, useCompleteCount } from '../../../features/inventory/use-counts.ts';
import { useVarianceValues } from '../../../features/inventory/use-variance-values.ts';
import { RouterLink } from '../../../features/navigation/router-link.tsx';
import { useAppToast } from '../../../features/notifications/use-app-toast.tsx';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';

const useStyles = makeStyles({
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 16px' },
  title: { ...typographyStyles.body1Strong, display: 'block' },
  meta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, display: 'block' },
});

const units = (n: number) => `${n} ${Math.abs(n) === 1 ? 'unit' : 'units'}`;

/** What completing would post, line by line with its value, then the button that posts it. */
export function CountReview({ count, onCompleted }: { count: Count; onCompleted: (result: CompleteCountResult) => void }) {
  const styles = useStyles();
  const table = useTableStyles();
  const scope = useBusinessScope();
  const currency = scope?.currency ?? 'USD';
  const complete = useCompleteCount(scope, count.id);
  const toast = useAppToast();
  const [uncountedAsZero, setUncountedAsZero] = useState(false);
  const valuation = useVarianceValues(scope, count.lines, { uncountedAsZero });
  const review = reviewVariance(count.lines, valuation.values, { uncountedAsZero });
  const money = (cents: number) => <Sensitive kind="money">{formatMoney(cents, currency)}</Sensitive>;
  const errors = complete.isError ? fieldErrors(complete.error, () => false, 'The count could not be completed.') : undefined;
  const blocked = review.uncounted.length > 0 && !uncountedAsZero;

  return (
    <PageSection
      id="count-review"
      title="Review variance and complete"
      icon={<DataHistogramRegular />}
      description="Completing posts counted − expected for each line to the stock ledger as a count movement. Stock that moved during the count keeps its own movement."
    >
      <StatGrid label="Variance">
        <StatCard label="Units found" value={`+${review.unitsGained}`} />
        <StatCard label="Units missing" value={`−${review.unitsLost}`} />
        <StatCard
          label="Net value at cost"
          value={valuation.pending ? '…' : money(review.netCostCents)}
          hint={
            review.costMissing > 0
              ? `${review.costMissing} ${review.costMissing === 1 ? 'line has' : 'lines have'} no cost`
              : 'FIFO cost of missing units, latest cost of found ones'
          }
        />
        <StatCard
          label="Net value at price"
          value={valuation.pending ? '…' : money(review.netPriceCents)}
          hint={review.priceMissing > 0 ? `${review.priceMissing} without a price` : 'Each size’s selling price'}
        />
      </StatGrid>
      {review.lines.length === 0 ? (
        <p className={styles.text}>
          {review.uncounted.length === count.lines.length && count.lines.length > 0
            ? 'Nothing has been counted yet. Scan or type the counted quantities first.'
            : 'Every counted line matches what was expected: completing posts no movement.'}
        </p>
      ) : (
        <DataTable
          label="Lines with a variance"
          head={
            <>
              <th className={table.th}>Item</th>
              <th className={mergeClasses(table.th, table.num)}>Expected</th>
              <th className={mergeClasses(table.th, table.num)}>Counted</th>
              <th className={mergeClasses(table.th, table.num)}>Variance</th>
              <th className={mergeClasses(table.th, table.num)}>At cost</th>
              <th className={mergeClasses(table.th, table.num)}>At price</th>
            </>
          }
        >
          {review.lines.map(({ line, variance, costCents, priceCents }) => (
            <tr key={line.variant_id}>
              <td className={table.td}>
                <span className={styles.title}>{line.product_title}</span>
                <span className={styles.meta}>
                  Size {line.size} · {line.sku}
                </span>
              </td>
              <td className={mergeClasses(table.td, table.num)}>{line.expected}</td>
              <td className={mergeClasses(table.td, table.num)}>{line.counted ?? '0 (not counted)'}</td>
              <td className={mergeClasses(table.td, table.num, variance > 0 ? table.plus : table.minus)}>{signed(variance)}</td>
              <td className={mergeClasses(table.td, table.num)}>
                {costCents === null ? <span className={table.muted}>No cost</span> : money(costCents)}
              </td>
              <td className={mergeClasses(table.td, table.num)}>
                {priceCents === null ? <span className={table.muted}>No price</span> : money(priceCents)}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {valuation.truncated ? <p className={styles.muted}>Values are summed over the first 100 lines that change.</p> : null}
      {review.uncounted.length === 0 ? null : (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>
              {review.uncounted.length} {review.uncounted.length === 1 ? 'line has' : 'lines have'} not been counted
            </MessageBarTitle>
            Count {review.uncounted.length === 1 ? 'it' : 'them'} first, or record {review.uncounted.length === 1 ? 'it' : 'them'} as
            counted zero: their expected stock is then written off.
            <Checkbox
              checked={uncountedAsZero}
              onChange={(_, d) => setUncountedAsZero(d.checked === true)}
              label={`Record the ${review.uncounted.length} uncounted ${review.uncounted.length === 1 ? 'line' : 'lines'} as zero`}
            />
          </MessageBarBody>
        </MessageBar>
      )}
      {errors === undefined ? null : (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>
              {errors.code === 'INSUFFICIENT_STOCK' ? 'Stock is reserved for orders' : 'The count was not completed'}
            </MessageBarTitle>
            {errors.message ?? errors.general}
            {errors.code === 'INSUFFICIENT_STOCK' ? ' Nothing was posted. Ship or release those orders, then complete again.' : ''}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row}>
        <Button
          appearance="primary"
          icon={complete.isPending ? <Spinner size="tiny" /> : <DocumentCheckmarkRegular />}
          disabledFocusable={complete.isPending || blocked}
          onClick={() =>
            complete.mutate(
              { acceptZero: uncountedAsZero },
              {
                onSuccess: (result) => {
                  onCompleted(result);
                  toast({
                    intent: 'success',
                    title: 'Count completed',
                    body:
                      result.movements.length === 0
                        ? 'Everything matched; no movement was posted.'
                        : `${result.movements.length} ${result.movements.length === 1 ? 'movement' : 'movements'} posted to the stock ledger.`,
                  });
                },
              },
            )
          }
        >
          Complete count
        </Button>
        <p className={styles.text} aria-live="polite">
          {blocked
            ? 'Count the remaining lines, or record them as zero, to complete.'
            : `Posts ${review.lines.length} ${review.lines.length === 1 ? 'line' : 'lines'}: net ${signed(review.netUnits)} ${Math.abs(review.netUnits) === 1 ? 'unit' : 'units'}.`}
        </p>
      </div>
    </PageSection>
  );
}

/** After completion: what was posted, from the answer when it was completed here, else from the lines. */
export function PostedMovements({ count, result }: { count: Count; result: CompleteCountResult | null }) {
  const styles = useStyles();
  const table = useTableStyles();
  const byVariant = new Map(count.lines.map((line) => [line.variant_id, line]));
  const posted =
    result?.movements.map((movement) => ({ variantId: movement.variant_id, delta: movement.on_hand_delta })) ??
    count.lines.filter((line) => (line.variance ?? 0) !== 0).map((line) => ({ variantId: line.variant_id, delta: line.variance ?? 0 }));
  const net = posted.reduce((sum, p) => sum + p.delta, 0);

  return (
    <PageSection
      id="count-posted"
      title="Posted to the stock ledger"
      icon={<CheckmarkCircleRegular />}
      description={
        posted.length === 0
          ? 'Everything matched what was expected, so no movement was posted.'
          : `${posted.length} count ${posted.length === 1 ? 'movement' : 'movements'}, net ${signed(net)} ${Math.abs(net) === 1 ? 'unit' : 'units'}.`
      }
    >
      {posted.length === 0 ? null : (
        <DataTable
          label="Posted movements"
          head={
            <>
              <th className={table.th}>Item</th>
              <th className={mergeClasses(table.th, table.num)}>On hand change</th>
              <th className={table.th}>Ledger</th>
            </>
          }
        >
          {posted.map(({ variantId, delta }) => {
            const line = byVariant.get(variantId);
            return (
              <tr key={variantId}>
                <td className={table.td}>
                  <span className={styles.title}>{line?.product_title ?? 'Item'}</span>
                  <span className={styles.meta}>{line === undefined ? variantId : `Size ${line.size} · ${line.sku}`}</span>
                </td>
                <td className={mergeClasses(table.td, table.num, delta > 0 ? table.plus : table.minus)}>
                  {units(delta).replace(/^-?\d+/, signed(delta))}
                </td>
                <td className={table.td}>
                  {line === undefined ? null : (
                    <RouterLink to={`/inventory/debug?product=${line.product_id}&variant=${variantId}`}>See the ledger</RouterLink>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </PageSection>
  );
}
