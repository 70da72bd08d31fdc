import { Button, Field, makeStyles, Select, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowSwapRegular, BoxRegular } from '@fluentui/react-icons';
import { isSizeFormatId, sizeLabel } from '@tradepost/shared/domain/sizes/size-formats.ts';
import type { Product, Variant } from '@tradepost/shared/schemas/catalog.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useSearchParams } from 'react-router-dom';
import { ProductPicker, productMeta } from '../catalog/product-picker.tsx';
import { useProduct } from '../catalog/use-products.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';

// The "Product and size" section the inspection screens share (inventory/debug, inventory/debug2):
// the product and size live in the URL (?product=&variant=), so a link or a scan opens one directly.

const useStyles = makeStyles({
  chosen: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: '12px 16px' },
  chosenTitle: { ...typographyStyles.subtitle2, margin: 0, color: tokens.colorNeutralForeground1 },
  chosenMeta: { ...typographyStyles.caption1, margin: '2px 0 0', color: tokens.colorNeutralForeground3 },
  pickers: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '8px' },
  size: { minWidth: '180px' },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center' },
});

export type ChosenVariant = {
  productId: string | null;
  variantParam: string | null;
  product: ReturnType<typeof useProduct>;
  variants: Variant[];
  variantId: string | null;
  variant: Variant | undefined;
  setVariant: (id: string) => void;
  open: (productId: string, variantId?: string) => void;
  clear: () => void;
  /** A size as the product's size run writes it ('US M 10'). */
  label: (size: string, format?: string) => string;
};

/** The product and size named by the URL; `preferInStock` opens a product on its first size with stock. */
export function useChosenVariant(scope: BusinessScope | undefined, { preferInStock = false } = {}): ChosenVariant {
  const [params, setParams] = useSearchParams();
  const productId = params.get('product');
  const variantParam = params.get('variant');
  const product = useProduct(scope, productId);
  const variants = product.data?.variants ?? [];
  const variantId = variantParam ?? (preferInStock ? variants.find((v) => v.on_hand > 0)?.id : undefined) ?? variants[0]?.id ?? null;
  const format = product.data?.size_format;
  return {
    productId,
    variantParam,
    product,
    variants,
    variantId,
    variant: variants.find((v) => v.id === variantId),
    setVariant: (id) => setParams(productId === null ? { variant: id } : { product: productId, variant: id }, { replace: true }),
    open: (id, variant) => setParams(variant === undefined ? { product: id } : { product: id, variant }),
    clear: () => setParams({}),
    label: (size, sizeFormat = format) => (sizeFormat && isSizeFormatId(sizeFormat) ? sizeLabel(sizeFormat, size) : size),
  };
}

type Props = {
  id: string;
  scope: BusinessScope | undefined;
  chooser: ChosenVariant;
  /** The title when the product itself is not loaded (a size opened by its id alone). */
  fallbackTitle: string;
  /** Said after the product's brand and style code: the size's SKU and what the screen adds. */
  detail: string;
  optionText: (variant: Variant, label: string) => string;
  pickerHint?: string;
  onRefresh: () => void;
  refreshDisabled: boolean;
};

export function VariantChooserSection({
  id,
  scope,
  chooser,
  fallbackTitle,
  detail,
  optionText,
  pickerHint,
  onRefresh,
  refreshDisabled,
}: Props) {
  const styles = useStyles();
  const { product, variants } = chooser;
  const meta = (data: Product | undefined) => (data === undefined ? '' : productMeta(data) || data.category);
  return (
    <PageSection id={id} title="Product and size" icon={<BoxRegular />}>
      {chooser.productId === null && chooser.variantParam === null ? (
        <ProductPicker
          scope={scope}
          onPick={(picked) => chooser.open(picked.id)}
          pickLabel="Inspect"
          {...(pickerHint === undefined ? {} : { hint: pickerHint })}
        />
      ) : chooser.productId !== null && product.isPending ? (
        <p className={styles.muted}>
          <Spinner size="tiny" aria-hidden="true" /> Loading product…
        </p>
      ) : (
        <div className={styles.chosen}>
          <div>
            <p className={styles.chosenTitle}>{product.data?.title ?? fallbackTitle}</p>
            <p className={styles.chosenMeta}>
              {meta(product.data)}
              {detail}
            </p>
          </div>
          <div className={styles.pickers}>
            {variants.length === 0 ? null : (
              <Field label="Size" className={styles.size}>
                <Select value={chooser.variantId ?? ''} onChange={(_, d) => chooser.setVariant(d.value)}>
                  {variants.map((v) => (
                    <option key={v.id} value={v.id}>
                      {optionText(v, chooser.label(v.size))}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            <Button icon={<ArrowSwapRegular />} onClick={chooser.clear}>
              Change product
            </Button>
            <Button icon={<ArrowClockwiseRegular />} onClick={onRefresh} disabled={refreshDisabled}>
              Refresh
            </Button>
          </div>
        </div>
      )}
    </PageSection>
  );
}
