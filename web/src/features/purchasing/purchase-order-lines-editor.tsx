import { Button, Field, Input, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { formatMoney } from '@tradepost/shared/ui/money.ts';
import { useState } from 'react';
import { ProductPicker } from '../catalog/product-picker.tsx';
import { type VariantInfo, variantInfos } from '../catalog/variant-info.ts';
import { rememberProducts, useVariantDirectory } from '../inventory/use-variant-directory.ts';
import { VariantLabel } from '../inventory/variant-label.tsx';
import { RouterLink } from '../navigation/router-link.tsx';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { draftTotals, landedUnitCosts } from './landed-costs.ts';
import { addDraftLine, type DraftLine, type LandedCostsDraft, previewLandedCosts, previewLines } from './purchase-order-draft.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '16px' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
  qty: { width: '72px', minWidth: 0 },
  cost: { width: '110px', minWidth: 0 },
  sizes: {
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  sizesHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px', flexWrap: 'wrap' },
  sizesTitle: { ...typographyStyles.body1Strong, margin: 0 },
  sizeButtons: { display: 'flex', flexWrap: 'wrap', gap: '6px', border: 'none', margin: 0, padding: 0, minWidth: 0 },
  totals: {
    display: 'grid',
    gridTemplateColumns: 'auto auto',
    justifyContent: 'end',
    gap: '4px 24px',
    margin: 0,
    ...typographyStyles.body1,
    fontVariantNumeric: 'tabular-nums',
  },
  totalLabel: { color: tokens.colorNeutralForeground3, margin: 0 },
  totalValue: { textAlign: 'end', margin: 0 },
  grand: { ...typographyStyles.body1Strong },
});

type Props = {
  scope: BusinessScope | undefined;
  currency: string;
  lines: readonly DraftLine[];
  costs: LandedCostsDraft;
  /** Messages by the API's paths: `lines.0.quantity`, `lines.1.unit_cost_cents`, `lines`. */
  errors: Readonly<Record<string, string>>;
  onLines: (lines: DraftLine[]) => void;
  /** Where "Add sizes from catalog" goes (`/purchase-orders/select-variants…`); no link when absent. */
  catalogHref?: string | undefined;
};

/**
 * The sizes of a purchase order with quantity and unit cost, the landed unit cost each gets from the
 * landed costs (live, by the same spread as the API), and a product search to add sizes.
 */
export function PurchaseOrderLinesEditor({ scope, currency, lines, costs, errors, onLines, catalogHref }: Props) {
  const styles = useStyles();
  const table = useTableStyles();
  const [picked, setPicked] = useState<Product | null>(null);
  const [seen, setSeen] = useState<Record<string, VariantInfo>>({});
  const directory = useVariantDirectory(
    scope,
    lines.map((line) => line.variantId),
  );
  const infoOf = (variantId: string) => seen[variantId] ?? directory.data?.get(variantId);

  const costLines = previewLines(lines, currency);
  const landed = previewLandedCosts(costs, currency);
  const unitCosts = landedUnitCosts(costLines, landed);
  const totals = draftTotals(costLines, landed);
  const money = (cents: number) => formatMoney(cents, currency);

  const change = (variantId: string, patch: Partial<DraftLine>) =>
    onLines(lines.map((line) => (line.variantId === variantId ? { ...line, ...patch } : line)));

  const add = (info: VariantInfo) => {
    setSeen((prev) => ({ ...prev, [info.variantId]: info }));
    onLines(addDraftLine(lines, info.variantId));
  };

  return (
    <div className={styles.root}>
      {lines.length === 0 ? (
        <p className={styles.text}>No sizes yet. Search for a product below and choose its sizes.</p>
      ) : (
        <DataTable
          label="Lines of this purchase order"
          head={
            <>
              <th className={table.th}>Item</th>
              <th className={table.th}>Quantity</th>
              <th className={table.th}>Unit cost</th>
              <th className={mergeClasses(table.th, table.num)}>Landed unit cost</th>
              <th className={mergeClasses(table.th, table.num)}>Line total</th>
              <th className={table.th} aria-label="Actions" />
            </>
          }
        >
          {lines.map((line, index) => {
            const info = infoOf(line.variantId);
            const name = info === undefined ? 'this size' : `${info.title} ${info.size}`;
            return (
              <tr key={line.variantId}>
                <td className={table.td}>
                  <VariantLabel info={info} variantId={line.variantId} />
                </td>
                <td className={table.td}>
                  <Field validationMessage={errors[`lines.${index}.quantity`] ?? errors[`lines.${index}.variant_id`]}>
                    <Input
                      className={styles.qty}
                      aria-label={`Quantity of ${name}`}
                      inputMode="numeric"
                      value={line.quantity === 0 ? '' : String(line.quantity)}
                      onChange={(_, d) => change(line.variantId, { quantity: Number(d.value.replace(/\D/g, '') || '0') })}
                    />
                  </Field>
                </td>
                <td className={table.td}>
                  <Field validationMessage={errors[`lines.${index}.unit_cost_cents`]}>
                    <Input
                      className={styles.cost}
                      aria-label={`Unit cost of ${name}`}
                      inputMode="decimal"
                      placeholder="0.00"
                      value={line.unitCost}
                      onChange={(_, d) => change(line.variantId, { unitCost: d.value })}
                    />
                  </Field>
                </td>
                <td className={mergeClasses(table.td, table.num)} aria-label={`Landed unit cost of ${name}`}>
                  {money(unitCosts[index] ?? 0)}
                </td>
                <td className={mergeClasses(table.td, table.num)}>{money((costLines[index]?.unit_cost_cents ?? 0) * line.quantity)}</td>
                <td className={mergeClasses(table.td, table.num)}>
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={`Remove ${name}`}
                    onClick={() => onLines(lines.filter((l) => l.variantId !== line.variantId))}
                  />
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      {errors.lines === undefined ? null : (
        <p className={styles.text} role="alert">
          {errors.lines}
        </p>
      )}
      {lines.length === 0 ? null : (
        <dl className={styles.totals} aria-label="Totals">
          <dt className={styles.totalLabel}>Units</dt>
          <dd className={styles.totalValue}>{totals.units}</dd>
          <dt className={styles.totalLabel}>Subtotal</dt>
          <dd className={styles.totalValue}>{money(totals.subtotal_cents)}</dd>
          <dt className={styles.totalLabel}>Landed costs</dt>
          <dd className={styles.totalValue}>{money(totals.landed_cents)}</dd>
          <dt className={mergeClasses(styles.totalLabel, styles.grand)}>Total</dt>
          <dd className={mergeClasses(styles.totalValue, styles.grand)}>{money(totals.total_cents)}</dd>
        </dl>
      )}
      {/* Many sizes at once on their own screen (the page says where: a saved draft, or a new order with no lines yet). */}
      {catalogHref === undefined ? null : <RouterLink to={catalogHref}>Add sizes from catalog</RouterLink>}
      {picked === null ? (
        <ProductPicker
          scope={scope}
          label="Find a product"
          pickLabel="Choose sizes"
          pickSingleOnEnter={false}
          onPick={(product) => {
            rememberProducts([product]);
            setPicked(product);
          }}
        />
      ) : (
        <div className={styles.sizes}>
          <div className={styles.sizesHead}>
            <p className={styles.sizesTitle}>{picked.title}: click a size to add it</p>
            <Button size="small" onClick={() => setPicked(null)}>
              Find another product
            </Button>
          </div>
          {picked.variants.length === 0 ? (
            <p className={styles.text}>This product has no sizes yet. Add them on the product first.</p>
          ) : (
            <fieldset className={styles.sizeButtons} aria-label={`Sizes of ${picked.title}`}>
              {variantInfos(picked).map((info) => (
                <Button key={info.variantId} size="small" icon={<AddRegular />} onClick={() => add(info)}>
                  {info.size}
                </Button>
              ))}
            </fieldset>
          )}
        </div>
      )}
    </div>
  );
}
