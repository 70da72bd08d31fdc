import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Select,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  ArrowSwapRegular,
  BoxRegular,
  CheckmarkCircleRegular,
  HistoryRegular,
  StackRegular,
} from '@fluentui/react-icons';
import { isSizeFormatId, sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import { useSearchParams } from 'react-router-dom';
import { AppPage, PageSection } from '../../../features/account/page-frame.tsx';
import { ProductPicker, productMeta } from '../../../features/catalog/product-picker.tsx';
import { useBusinessScope } from '../../../features/catalog/use-business-id.ts';
import { useProduct } from '../../../features/catalog/use-products.ts';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { useVariantLedger } from '../../../features/inventory/use-variant-ledger.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import { LotsTable, locationNames, MovementsTable, ReconciliationTable } from './ledger-tables.tsx';

const useStyles = makeStyles({
  chosen: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: '12px 16px' },
  chosenTitle: { ...typographyStyles.subtitle2, margin: 0, color: tokens.colorNeutralForeground1 },
  chosenMeta: { ...typographyStyles.caption1, margin: '2px 0 0', color: tokens.colorNeutralForeground3 },
  pickers: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '8px' },
  size: { minWidth: '180px' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
  verdictOk: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorPaletteGreenForeground1 },
  verdictBad: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorPaletteRedForeground1 },
});

/** inventory/debug: one size's reconciliation per location, its movement history and its FIFO cost lots. */
export function InventoryDebugPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const [params, setParams] = useSearchParams();
  const productId = params.get('product');
  const product = useProduct(scope, productId);
  const variantParam = params.get('variant');
  const variants = product.data?.variants ?? [];
  // A product with stock opens on its first size with stock; the URL names the size once chosen.
  const variantId = variantParam ?? variants.find((v) => v.on_hand > 0)?.id ?? variants[0]?.id ?? null;
  const variant = variants.find((v) => v.id === variantId);
  const ledger = useVariantLedger(scope, variantId);
  const locations = useLocations(scope);
  const names = locationNames(locations.data);
  const currency = scope?.currency ?? 'USD';
  const label = (size: string) =>
    product.data !== undefined && isSizeFormatId(product.data.size_format) ? sizeLabel(product.data.size_format, size) : size;

  const setVariant = (id: string) =>
    setParams(productId === null ? { variant: id } : { product: productId, variant: id }, { replace: true });
  const mismatches = ledger.data?.reconciliation.filter((row) => !row.matches).length ?? 0;

  return (
    <AppPage
      title="Stock ledger"
      description="Check that a size's stock levels agree with its movements, and see where its stock and cost came from."
      wide
      actions={
        <ButtonLink to="/inventory/adjustments" appearance="primary">
          Adjust stock
        </ButtonLink>
      }
    >
      <PageSection id="ledger-variant" title="Product and size" icon={<BoxRegular />}>
        {productId === null && variantParam === null ? (
          <ProductPicker scope={scope} onPick={(picked) => setParams({ product: picked.id })} pickLabel="Inspect" />
        ) : productId !== null && product.isPending ? (
          <p className={styles.muted}>
            <Spinner size="tiny" aria-hidden="true" /> Loading product…
          </p>
        ) : (
          <div className={styles.chosen}>
            <div>
              <p className={styles.chosenTitle}>{product.data?.title ?? `Size ${variantParam ?? ''}`}</p>
              <p className={styles.chosenMeta}>
                {product.data === undefined ? 'Product not loaded' : productMeta(product.data) || product.data.category}
                {variant === undefined ? '' : ` · SKU ${variant.sku}`}
              </p>
            </div>
            <div className={styles.pickers}>
              {variants.length === 0 ? null : (
                <Field label="Size" className={styles.size}>
                  <Select value={variantId ?? ''} onChange={(_, d) => setVariant(d.value)}>
                    {variants.map((v) => (
                      <option key={v.id} value={v.id}>
                        {label(v.size)} — {v.on_hand} on hand
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
              <Button icon={<ArrowSwapRegular />} onClick={() => setParams({})}>
                Change product
              </Button>
              <Button icon={<ArrowClockwiseRegular />} onClick={() => void ledger.refetch()} disabled={variantId === null}>
                Refresh
              </Button>
            </div>
          </div>
        )}
      </PageSection>

      {variantId === null ? null : ledger.isPending ? (
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Loading the ledger…
        </p>
      ) : ledger.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>The ledger of this size could not be loaded. Try Refresh.</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <PageSection
            id="ledger-reconciliation"
            title="Reconciliation"
            icon={<CheckmarkCircleRegular />}
            description="Each location's stored level beside the sum of its movements."
            aside={
              ledger.data.reconciliation.length === 0 ? undefined : (
                <p className={mismatches === 0 ? styles.verdictOk : styles.verdictBad}>
                  {mismatches === 0
                    ? '✓ All locations agree'
                    : `✗ ${mismatches} ${mismatches === 1 ? 'location differs' : 'locations differ'}`}
                </p>
              )
            }
          >
            <ReconciliationTable ledger={ledger.data} names={names} />
          </PageSection>
          <PageSection
            id="ledger-movements"
            title="Movement history"
            icon={<HistoryRegular />}
            description="Newest first. Movements are never edited or deleted."
          >
            <MovementsTable ledger={ledger.data} names={names} />
          </PageSection>
          <PageSection
            id="ledger-lots"
            title="FIFO cost lots"
            icon={<StackRegular />}
            description="Oldest first: sales use up the oldest lot first."
          >
            <LotsTable ledger={ledger.data} currency={currency} />
          </PageSection>
        </>
      )}
    </AppPage>
  );
}
