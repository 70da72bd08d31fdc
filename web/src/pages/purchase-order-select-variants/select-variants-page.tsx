import { Button, Field, Input, makeStyles, mergeClasses, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, ArrowLeftRegular, CheckmarkRegular, DeleteRegular } from '@fluentui/react-icons';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { purchaseOrderLabel } from '@tradepost/shared/schemas/purchasing.ts';
import { DataTable, useTableStyles } from '@tradepost/shared/ui/data-table.tsx';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../features/catalog/field-errors.ts';
import { formatMoney, parseMoney } from '../../features/catalog/money.ts';
import { ProductPicker } from '../../features/catalog/product-picker.tsx';
import { variantInfos } from '../../features/catalog/variant-info.ts';
import { FormErrorAlert } from '../../features/forms/form-error-alert.tsx';
import { ButtonLink } from '../../features/navigation/router-link.tsx';
import { createPurchaseOrderHref } from '../../features/purchasing/purchase-order-draft.ts';
import { usePurchaseOrder, useUpdatePurchaseOrder } from '../../features/purchasing/use-purchase-orders.ts';
import { useBusinessScope } from '../../features/session/use-business-scope.ts';
import { mergeIntoOrder, type PickedSize, pickSize, readPicked } from './select-variants-model.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '24px' },
  text: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
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
  qty: { width: '72px', minWidth: 0 },
  cost: { width: '110px', minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 16px' },
  total: { ...typographyStyles.body1Strong, margin: 0, fontVariantNumeric: 'tabular-nums' },
  error: { ...typographyStyles.body1, margin: 0, color: tokens.colorPaletteRedForeground1 },
});

/**
 * purchase-orders/select-variants: pick products and sizes with quantity and unit cost. With
 * `?purchaseOrderId=` they are added to that draft (its lines kept) and the order opens again;
 * without, a new purchase order opens with them filled in.
 */
export function PurchaseOrderSelectVariantsPage() {
  const styles = useStyles();
  const table = useTableStyles();
  const scope = useBusinessScope();
  const currency = scope?.currency ?? 'USD';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const purchaseOrderId = params.get('purchaseOrderId');
  const order = usePurchaseOrder(scope, purchaseOrderId);
  const update = useUpdatePurchaseOrder(scope);
  const [picked, setPicked] = useState<PickedSize[]>([]);
  const [product, setProduct] = useState<Product | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | undefined>(undefined);

  const label = order.data === undefined ? null : purchaseOrderLabel(order.data.number);
  const back = purchaseOrderId === null ? '/purchase-orders' : `/purchase-orders/${encodeURIComponent(purchaseOrderId)}`;
  const notDraft = order.data !== undefined && order.data.status !== 'draft';
  const totalCents = picked.reduce((sum, p) => sum + p.quantity * (parseMoney(p.unitCost, currency) ?? 0), 0);

  const change = (index: number, patch: Partial<PickedSize>) => {
    setPicked((prev) => prev.map((p, i) => (i === index ? { ...p, ...patch } : p)));
    setErrors({});
  };

  const finish = () => {
    setGeneral(undefined);
    const read = readPicked(picked, currency);
    if (!read.ok) {
      setErrors(read.fields);
      return;
    }
    setErrors({});
    if (purchaseOrderId === null) {
      navigate(createPurchaseOrderHref(null, read.lines));
      return;
    }
    if (order.data === undefined) return;
    update.mutate(
      { purchaseOrderId, body: { lines: mergeIntoOrder(order.data, read.lines) } },
      {
        onSuccess: () => navigate(back),
        onError: (error) => {
          const result = fieldErrors(error, () => false, 'The sizes were not added to the order.');
          setGeneral(result.general ?? result.message);
        },
      },
    );
  };

  return (
    <AppPage
      wide
      title={label === null ? 'Select sizes' : `Add sizes to ${label}`}
      description={
        purchaseOrderId === null
          ? 'Choose the products and sizes you are buying, with quantity and unit cost: a new purchase order opens with them.'
          : 'Choose the products and sizes to add, with quantity and unit cost: the order keeps its lines, and a size already on it gets the added quantity.'
      }
      actions={
        <ButtonLink to={back} icon={<ArrowLeftRegular />}>
          {purchaseOrderId === null ? 'Back to purchase orders' : `Back to ${label ?? 'the order'}`}
        </ButtonLink>
      }
    >
      {purchaseOrderId !== null && order.isPending ? (
        <Spinner size="tiny" label="Loading the purchase order…" />
      ) : purchaseOrderId !== null && order.isError ? (
        <FormErrorAlert message="This purchase order could not be found. Go back to the list and open it again." />
      ) : notDraft ? (
        <FormErrorAlert
          message={`${label ?? 'This order'} is no longer a draft: its lines cannot change. Start a new purchase order instead.`}
        />
      ) : (
        <div className={styles.root}>
          <PageSection id="select-sizes-title" title="Find sizes">
            {product === null ? (
              <ProductPicker scope={scope} label="Find a product" pickLabel="Choose sizes" autoFocus onPick={(next) => setProduct(next)} />
            ) : (
              <div className={styles.sizes}>
                <div className={styles.sizesHead}>
                  <p className={styles.sizesTitle}>{product.title}: click a size to add one unit</p>
                  <Button size="small" onClick={() => setProduct(null)}>
                    Find another product
                  </Button>
                </div>
                {product.variants.length === 0 ? (
                  <p className={styles.text}>This product has no sizes yet. Add them on the product first.</p>
                ) : (
                  <fieldset className={styles.sizeButtons} aria-label={`Sizes of ${product.title}`}>
                    {variantInfos(product).map((info) => (
                      <Button
                        key={info.variantId}
                        size="small"
                        icon={<AddRegular />}
                        onClick={() => {
                          setPicked((prev) => pickSize(prev, { variantId: info.variantId, title: info.title, size: info.size }));
                          setErrors({});
                        }}
                      >
                        {info.size}
                      </Button>
                    ))}
                  </fieldset>
                )}
              </div>
            )}
          </PageSection>
          <PageSection id="selected-sizes-title" title={picked.length === 0 ? 'Chosen sizes' : `Chosen sizes (${picked.length})`}>
            {picked.length === 0 ? (
              <p className={styles.text}>No sizes chosen yet. Find a product above and click its sizes.</p>
            ) : (
              <DataTable
                label="Chosen sizes"
                head={
                  <>
                    <th className={table.th}>Item</th>
                    <th className={table.th}>Quantity</th>
                    <th className={table.th}>Unit cost</th>
                    <th className={mergeClasses(table.th, table.num)}>Line total</th>
                    <th className={table.th} aria-label="Actions" />
                  </>
                }
              >
                {picked.map((p, index) => {
                  const name = `${p.title} ${p.size}`;
                  return (
                    <tr key={p.variantId}>
                      <td className={table.td}>
                        {p.title}
                        <br />
                        <span className={table.muted}>{p.size}</span>
                      </td>
                      <td className={table.td}>
                        <Field validationMessage={errors[`${index}.quantity`]}>
                          <Input
                            className={styles.qty}
                            aria-label={`Quantity of ${name}`}
                            inputMode="numeric"
                            value={p.quantity === 0 ? '' : String(p.quantity)}
                            onChange={(_, d) => change(index, { quantity: Number(d.value.replace(/\D/g, '') || '0') })}
                          />
                        </Field>
                      </td>
                      <td className={table.td}>
                        <Field validationMessage={errors[`${index}.unit_cost_cents`]}>
                          <Input
                            className={styles.cost}
                            aria-label={`Unit cost of ${name}`}
                            inputMode="decimal"
                            placeholder="0.00"
                            value={p.unitCost}
                            onChange={(_, d) => change(index, { unitCost: d.value })}
                          />
                        </Field>
                      </td>
                      <td className={mergeClasses(table.td, table.num)}>
                        {formatMoney(p.quantity * (parseMoney(p.unitCost, currency) ?? 0), currency)}
                      </td>
                      <td className={mergeClasses(table.td, table.num)}>
                        <Button
                          appearance="subtle"
                          icon={<DeleteRegular />}
                          aria-label={`Remove ${name}`}
                          onClick={() => setPicked((prev) => prev.filter((_, i) => i !== index))}
                        />
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
            )}
            {errors.lines === undefined ? null : (
              <p className={styles.error} role="alert">
                {errors.lines}
              </p>
            )}
            <FormErrorAlert message={general} />
            <div className={styles.actions}>
              <Button
                appearance="primary"
                icon={update.isPending ? <Spinner size="tiny" /> : <CheckmarkRegular />}
                disabledFocusable={update.isPending}
                onClick={finish}
              >
                {purchaseOrderId === null
                  ? 'Start a purchase order with these'
                  : `Add ${picked.length === 1 ? '1 size' : `${picked.length} sizes`} to ${label ?? 'the order'}`}
              </Button>
              {picked.length === 0 ? null : <p className={styles.total}>Total {formatMoney(totalCents, currency)}</p>}
            </div>
          </PageSection>
        </div>
      )}
    </AppPage>
  );
}
