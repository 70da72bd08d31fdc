import { Badge, Button, Field, Input, makeStyles, mergeClasses, Spinner, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, BarcodeScannerRegular, CheckmarkRegular } from '@fluentui/react-icons';
import { AppPage, PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMoney, parseMoney } from '../../features/catalog/money.ts';
import { useLastAnswer, useProductSearch } from '../../features/catalog/use-products.ts';
import { variantInfos } from '../../features/catalog/variant-info.ts';
import { LoadFailed } from '../../features/layout/load-failed.tsx';
import { ScanFeedbackBar } from '../../features/scanner/scan-feedback-bar.tsx';
import { scanFieldProps } from '../../features/scanner/scan-listener.ts';
import { useScanFeedback } from '../../features/scanner/use-scan-feedback.ts';
import { useScanHandler } from '../../features/scanner/use-scan-handler.ts';
import { useBusinessScope } from '../../features/session/use-business-scope.ts';
import { counterTotals } from './in-store-cart.ts';
import { SizeGuidance } from './size-guidance.tsx';
import { counterItemOf, useInStoreCart } from './use-in-store-cart.ts';

const RESULT_LIMIT = 6;
export const IN_STORE_PURCHASE_PANEL = '/quick-actions#in-store-purchase';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(260px, 340px)',
    gap: '16px',
    alignItems: 'start',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  status: {
    ...typographyStyles.body1,
    margin: 0,
    color: tokens.colorNeutralForeground3,
    display: 'flex',
    gap: '8px',
    alignItems: 'center',
  },
  products: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '16px' },
  product: { display: 'flex', flexDirection: 'column', gap: '8px', minWidth: 0 },
  productTitle: { ...typographyStyles.subtitle2, margin: 0, overflowWrap: 'anywhere' },
  productMeta: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  sizes: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: '8px',
  },
  size: {
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  sizePicked: { border: `2px solid ${tokens.colorBrandStroke1}`, padding: '9px 11px', backgroundColor: tokens.colorBrandBackground2 },
  sizeHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px' },
  sizeLabel: { ...typographyStyles.subtitle2, fontVariantNumeric: 'tabular-nums' },
  picked: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  pickedLine: { display: 'flex', justifyContent: 'space-between', gap: '8px', ...typographyStyles.body1 },
  pickedName: { minWidth: 0, overflowWrap: 'anywhere' },
  pickedPrice: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  total: { ...typographyStyles.subtitle2, margin: 0, display: 'flex', justifyContent: 'space-between' },
});

/**
 * /in-store-purchase/select-variants: find what the seller brought (type or scan), see per size what
 * we last sold it for, our price and the offer that keeps the margin, and pick sizes into the
 * counter cart (one tap = one unit, prefilled at the offer). "Done" goes back to the panel.
 */
export function InStoreSelectVariantsPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const currency = scope?.currency ?? 'USD';
  const navigate = useNavigate();
  const feedback = useScanFeedback();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 150);
  const products = useProductSearch(q === '' ? undefined : scope, q, RESULT_LIMIT);
  const shown = useLastAnswer(q === '' ? undefined : products.data);
  const found = q === '' ? [] : (shown.data?.items ?? []);
  const shownSizes = found.flatMap((product) => product.variants.map((variant) => variant.id));
  const cart = useInStoreCart(scope, shownSizes);
  const totals = counterTotals(cart.lines, currency);
  const quantities = new Map(cart.lines.map((line) => [line.variantId, line.quantity]));

  useEffect(() => inputRef.current?.focus(), []);

  const scan = (code: string) => {
    const wanted = code.trim();
    if (wanted === '') return;
    void cart.addByCode(wanted).then(
      (info) => {
        if (info === null) feedback.error(`No size has the barcode or SKU ${wanted}. Search by name and pick the size instead.`);
        else {
          feedback.success(`Added ${info.title}, size ${info.size}`);
          setText('');
        }
      },
      () => feedback.error(`Could not look up ${wanted}. Check your connection and scan again.`),
    );
  };
  useScanHandler(scan);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // Enter after a barcode or SKU adds its size; after a name, the results below are where to pick.
    scan(text);
  };

  const done = () => navigate(IN_STORE_PURCHASE_PANEL);
  const priceOf = (priceText: string) => {
    const cents = parseMoney(priceText, currency);
    return typeof cents === 'number' ? formatMoney(cents, currency) : 'no price yet';
  };

  return (
    <AppPage
      title="Select Sizes"
      description="Find what the seller brought — type a name or scan a barcode — and pick each size they are selling you. Prices start at the offer that keeps your margin; you agree the final price on the purchase."
      actions={
        <Button appearance="primary" icon={<CheckmarkRegular />} onClick={done}>
          {cart.lines.length === 0 ? 'Done' : `Done (${totals.units} ${totals.units === 1 ? 'item' : 'items'})`}
        </Button>
      }
    >
      <div className={styles.layout}>
        <div className={styles.column}>
          <PageSection id="select-sizes-search" title="Find the item">
            <Field label="Search or scan" hint="Name, style code, SKU or barcode. Enter after a barcode adds its size.">
              <Input
                ref={inputRef}
                type="search"
                size="large"
                value={text}
                autoComplete="off"
                spellCheck={false}
                contentBefore={<BarcodeScannerRegular aria-hidden="true" />}
                onChange={(_, data) => setText(data.value)}
                onKeyDown={onKeyDown}
                {...scanFieldProps}
              />
            </Field>
            <ScanFeedbackBar feedback={feedback.feedback} flashing={feedback.flashing} />
            {q === '' ? (
              <p className={styles.status}>Type part of a name, style code or SKU, or scan the item’s barcode.</p>
            ) : products.isError && shown.data === undefined ? (
              <LoadFailed subject="The search" onRetry={() => void products.refetch()} retrying={products.isFetching} />
            ) : shown.data === undefined ? (
              <p className={styles.status}>
                <Spinner size="tiny" aria-hidden="true" /> Searching…
              </p>
            ) : found.length === 0 ? (
              <p className={styles.status} role="status">
                Nothing in your catalog matches “{q}”. Create the product first (Products → New), then pick its size here.
              </p>
            ) : null}
            <ul className={styles.products} aria-label="Products found">
              {found.map((product) => (
                <li key={product.id} className={styles.product}>
                  <div>
                    <p className={styles.productTitle}>{product.title}</p>
                    <p className={styles.productMeta}>
                      {[product.brand, product.style_code].filter((part) => part !== null && part !== '').join(' · ') || '\u00a0'}
                    </p>
                  </div>
                  <ul className={styles.sizes} aria-label={`Sizes of ${product.title}`}>
                    {variantInfos(product).map((info) => {
                      const inCart = quantities.get(info.variantId) ?? 0;
                      return (
                        <li key={info.variantId} className={mergeClasses(styles.size, inCart > 0 && styles.sizePicked)}>
                          <div className={styles.sizeHead}>
                            <span className={styles.sizeLabel}>{info.size}</span>
                            {inCart > 0 ? (
                              <Badge appearance="tint" color="brand">
                                {inCart} picked
                              </Badge>
                            ) : null}
                          </div>
                          <SizeGuidance
                            row={cart.guidanceRows.get(info.variantId)}
                            marginPercent={cart.guidance.data?.margin_percent}
                            currency={currency}
                          />
                          <Button
                            icon={<AddRegular />}
                            aria-label={`Pick ${product.title}, size ${info.size}`}
                            onClick={() => cart.add(counterItemOf(info))}
                          >
                            {inCart > 0 ? 'One more' : 'Pick'}
                          </Button>
                        </li>
                      );
                    })}
                  </ul>
                </li>
              ))}
            </ul>
          </PageSection>
        </div>
        <PageSection id="select-sizes-picked" title="On the counter">
          {cart.lines.length === 0 ? (
            <p className={styles.status}>Nothing picked yet. Each size you pick or scan lands here at its offer.</p>
          ) : (
            <>
              <ul className={styles.picked} aria-label="Picked sizes">
                {cart.lines.map((line) => (
                  <li key={line.variantId} className={styles.pickedLine}>
                    <span className={styles.pickedName}>
                      {line.quantity} × {line.title}, {line.size}
                    </span>
                    <span className={styles.pickedPrice}>{priceOf(line.priceText)}</span>
                  </li>
                ))}
              </ul>
              <p className={styles.total}>
                <span>Total</span>
                <span>{formatMoney(totals.totalCents, currency)}</span>
              </p>
            </>
          )}
          <Button appearance="primary" icon={<CheckmarkRegular />} onClick={done}>
            Done
          </Button>
        </PageSection>
      </div>
    </AppPage>
  );
}
