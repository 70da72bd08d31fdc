import { makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { PeopleRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import type { Customer, Sale } from '@tradepost/shared/schemas/sales.ts';
import { AppPage } from '@tradepost/shared/ui/page-frame.tsx';
import { useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../../../features/catalog/field-errors.ts';
import { parseMoney } from '../../../features/catalog/money.ts';
import { productSearchQuery } from '../../../features/catalog/use-products.ts';
import { useLocations } from '../../../features/inventory/use-locations.ts';
import { ButtonLink } from '../../../features/navigation/router-link.tsx';
import {
  addToCart,
  type CartItem,
  type CartLine,
  type CheckoutErrors,
  type CheckoutPlan,
  cartLineForPath,
  type DiscountKind,
  planCheckout,
  setQuantity,
} from '../../../features/retail/cart-model.ts';
import { cartItems, itemForCode } from '../../../features/retail/pos-items.ts';
import { posTaxRateAtom } from '../../../features/retail/pos-settings-atoms.ts';
import { useCodeLookup } from '../../../features/retail/use-code-lookup.ts';
import { useCustomer } from '../../../features/retail/use-customers.ts';
import { useCreateSale } from '../../../features/retail/use-sales.ts';
import {
  emptyPayment,
  hasPaymentErrors,
  type PaymentDraft,
  type PaymentErrors,
  paymentBody,
  storeCreditProblem,
} from '../../../features/sales/payment-model.ts';
import { CameraScanButton } from '../../../features/scanner/camera-scan-button.tsx';
import { ScanFeedbackBar } from '../../../features/scanner/scan-feedback-bar.tsx';
import { useScanFeedback } from '../../../features/scanner/use-scan-feedback.ts';
import { useScanHandler } from '../../../features/scanner/use-scan-handler.ts';
import { useBusinessScope } from '../../../features/session/use-business-scope.ts';
import { useCurrentUser } from '../../../features/session/use-current-user.ts';
import { CartLines } from './cart-lines.tsx';
import { CheckoutPanel } from './checkout-panel.tsx';
import { PosSearch } from './pos-search.tsx';
import { type ReceiptData, SaleReceipt } from './sale-receipt.tsx';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(340px, 420px)',
    gap: '20px',
    alignItems: 'start',
    '@media (max-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    '@media (max-width: 600px)': { padding: '16px' },
  },
  side: {
    position: 'sticky',
    top: '16px',
    '@media (max-width: 960px)': { position: 'static' },
  },
  lines: {
    maxHeight: '38vh',
    overflowY: 'auto',
    paddingInline: '8px',
    marginInline: '-8px',
    '@media (max-width: 960px)': { maxHeight: 'none' },
  },
  divider: { border: 'none', borderTop: `1px solid ${tokens.colorNeutralStroke2}`, margin: '4px 0', width: '100%' },
  scanRow: { display: 'flex', gap: '8px', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' },
  cartHead: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '8px' },
  cartTitle: { ...typographyStyles.subtitle1, margin: 0 },
  cartCount: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  empty: {
    ...typographyStyles.body1,
    margin: 0,
    padding: '24px 12px',
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px dashed ${tokens.colorNeutralStroke2}`,
  },
  keys: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  kbd: {
    fontFamily: tokens.fontFamilyMonospace,
    padding: '0 4px',
    borderRadius: tokens.borderRadiusSmall,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

type CheckoutFieldErrors = Omit<CheckoutErrors, 'lines'> & { customer?: string; location?: string };

function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

function unitsByVariant(lines: readonly { variantId: string; quantity: number }[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.variantId, (units.get(line.variantId) ?? 0) + line.quantity);
  return units;
}

/**
 * What the receipt lists. Normally the cart as rung up (prices before the discount). If the server
 * answered with a different sale (this checkout's key was recorded before, its answer lost, and the
 * cart changed since), the receipt shows what was really sold, at the prices charged.
 */
function receiptContent(sale: Sale, plan: CheckoutPlan, cart: readonly CartLine[], currency: string): Pick<ReceiptData, 'items' | 'plan'> {
  const sent = unitsByVariant(plan.lines);
  const sold = unitsByVariant(sale.lines.map((line) => ({ variantId: line.variant_id, quantity: line.quantity })));
  const same = sent.size === sold.size && [...sent].every(([variantId, units]) => sold.get(variantId) === units);
  if (same) {
    return {
      plan,
      items: cart.map((line) => ({
        variantId: line.variantId,
        title: line.title,
        size: line.size,
        quantity: line.quantity,
        unitCents: parseMoney(line.priceText, currency) ?? 0,
      })),
    };
  }
  return {
    plan: { ...plan, subtotalCents: sale.totals.subtotal_cents, discountCents: 0 },
    items: sale.lines.map((line) => ({
      variantId: line.id,
      title: line.title,
      size: line.size,
      quantity: line.quantity,
      unitCents: line.unit_price_cents,
    })),
  };
}

/** retail/sales: the shop counter. Scan or search, adjust the cart, charge, hand over the receipt. */
export function RetailSalesPage() {
  const styles = useStyles();
  const scope = useBusinessScope();
  const currency = scope?.currency ?? 'USD';
  const { data: user } = useCurrentUser();
  const locations = useLocations(scope);
  const createSale = useCreateSale(scope);
  const queryClient = useQueryClient();
  const lookup = useCodeLookup(scope);
  const feedback = useScanFeedback();
  const searchRef = useRef<HTMLInputElement | null>(null);

  const [lines, setLines] = useState<CartLine[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [customerChoice, setCustomer] = useState<Customer | null>(null);
  // The chosen customer as it is now: their store-credit balance changes with every payout and sale.
  const chosenNow = useCustomer(scope, customerChoice?.id ?? null);
  const customer = customerChoice === null ? null : (chosenNow.data ?? customerChoice);
  const [locationChoice, setLocationChoice] = useState<string | null>(null);
  const [taxRateText, setTaxRateText] = useAtom(posTaxRateAtom);
  const [discountKind, setDiscountKind] = useState<DiscountKind>('percent');
  const [discountText, setDiscountText] = useState('');
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [fieldErrorsShown, setFieldErrorsShown] = useState<CheckoutFieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentDraft>(emptyPayment);
  const [paymentErrors, setPaymentErrors] = useState<PaymentErrors>({});
  // One key per checkout: a double click or the client's retry of a lost answer records one sale.
  const checkoutKey = useRef<string | null>(null);
  const [receipt, setReceipt] = useState<ReceiptData | null>(null);

  const activeLocations = (locations.data ?? []).filter((l) => !l.archived);
  const defaultLocation =
    activeLocations.find((l) => l.kind === 'store') ?? activeLocations.find((l) => l.is_default) ?? activeLocations[0] ?? null;
  const locationId = locationChoice ?? defaultLocation?.id ?? null;

  const plan = planCheckout({ lines, taxRateText, discountKind, discountText, currency });

  const clearErrorsOf = (variantId: string) => {
    setLineErrors((prev) => {
      if (prev[variantId] === undefined) return prev;
      const { [variantId]: _, ...rest } = prev;
      return rest;
    });
    setGeneral(null);
  };

  const resetCart = () => {
    setLines([]);
    setSelectedId(null);
    setCustomer(null);
    setDiscountText('');
    setLineErrors({});
    setFieldErrorsShown({});
    setGeneral(null);
    setPayment(emptyPayment);
    setPaymentErrors({});
    checkoutKey.current = null;
  };

  const startNewSale = () => {
    resetCart();
    setReceipt(null);
    feedback.clear();
    // The search box is back on screen on the next render.
    setTimeout(() => searchRef.current?.focus(), 0);
  };

  const add = (item: CartItem) => {
    // Scanning on the receipt starts the next customer's sale.
    if (receipt !== null) {
      resetCart();
      setReceipt(null);
    }
    setLines((prev) => addToCart(prev, item, currency));
    setSelectedId(item.variantId);
    setGeneral(null);
    feedback.success(`Added ${item.title} — size ${item.size}`);
  };

  const onCode = async (code: string) => {
    const item = await lookup(code).catch(() => null);
    if (item === null) feedback.error(`Nothing in your catalog has the code ${code}`);
    else add(item);
  };

  useScanHandler((code) => void onCode(code));

  const onSearchSubmit = async (text: string, shown: readonly Product[]): Promise<boolean> => {
    const trimmed = text.trim();
    if (trimmed === '') return false;
    // What is on screen may still answer an earlier search: decide on the answer to this text.
    const answer =
      scope === undefined ? undefined : await queryClient.fetchQuery(productSearchQuery(scope, trimmed)).catch(() => undefined);
    const products = answer?.items ?? shown;
    const exact = itemForCode(products, trimmed) ?? (await lookup(trimmed).catch(() => null));
    if (exact !== null) {
      add(exact);
      return true;
    }
    const inStock = products.flatMap((product) => {
      const available = new Set(product.variants.filter((v) => v.available > 0).map((v) => v.id));
      return cartItems(product).filter((item) => available.has(item.variantId));
    });
    const only = inStock.length === 1 ? inStock[0] : undefined;
    if (only !== undefined) {
      add(only);
      return true;
    }
    feedback.error(
      inStock.length === 0 ? `Nothing in stock matches “${trimmed}”` : 'Several sizes match: choose one below (↓ moves to them)',
    );
    return false;
  };

  const changeQuantity = (variantId: string, quantity: number) => {
    setLines((prev) => setQuantity(prev, variantId, quantity));
    clearErrorsOf(variantId);
  };

  const charge = () => {
    setGeneral(null);
    if (lines.length === 0) {
      setGeneral('The cart is empty: scan an item or search for one first.');
      return;
    }
    if (!plan.ok) {
      setLineErrors(plan.errors.lines);
      setFieldErrorsShown({ discount: plan.errors.discount, taxRate: plan.errors.taxRate });
      return;
    }
    if (locationId === null) {
      setFieldErrorsShown({ location: 'Choose the location the items leave from' });
      return;
    }
    const paid = paymentBody(payment, plan.plan.totalCents, currency);
    const credit = storeCreditProblem(payment, plan.plan.totalCents, customer, currency);
    if (credit !== undefined) paid.errors.credit = credit;
    setPaymentErrors(paid.errors);
    if (hasPaymentErrors(paid.errors)) return;
    setLineErrors({});
    setFieldErrorsShown({});
    checkoutKey.current ??= crypto.randomUUID();
    const checkout = plan.plan;
    const charged = lines;
    const discountLabel =
      checkout.discountCents === 0 ? null : discountKind === 'percent' ? `${discountText.trim().replace('%', '')}%` : null;
    createSale.mutate(
      {
        channel: 'in_store',
        external_order_id: `POS-${checkoutKey.current}`,
        location_id: locationId,
        customer_id: customer?.id,
        note: checkout.discountCents === 0 ? undefined : `Discount ${discountLabel ?? 'amount'} at the counter`,
        ...paid.body,
        lines: checkout.lines.map((line) => ({
          variant_id: line.variantId,
          quantity: line.quantity,
          unit_price_cents: line.unitPriceCents,
          tax_cents: line.taxCents,
        })),
      },
      {
        onSuccess: (sale) => {
          checkoutKey.current = null;
          feedback.clear();
          setReceipt({
            ...receiptContent(sale, checkout, charged, currency),
            sale,
            businessName: user?.business.business_name ?? '',
            locationName: activeLocations.find((l) => l.id === locationId)?.name ?? null,
            discountLabel,
          });
        },
        onError: (error) => {
          const result = fieldErrors(
            error,
            (path) =>
              path.startsWith('lines.') ||
              path === 'customer_id' ||
              path === 'location_id' ||
              path === 'payments' ||
              path === 'cash_tendered_cents',
            'The sale could not be recorded.',
          );
          // A balance spent meanwhile (409 INSUFFICIENT_STORE_CREDIT) is said beside the store-credit choice.
          const creditShort = result.code === 'INSUFFICIENT_STORE_CREDIT' ? (result.message ?? result.general) : undefined;
          setPaymentErrors({
            ...(result.fields.cash_tendered_cents === undefined ? {} : { tendered: result.fields.cash_tendered_cents }),
            ...(result.fields.payments === undefined ? {} : { parts: result.fields.payments }),
            ...(creditShort === undefined ? {} : { credit: creditShort }),
          });
          const byLine: Record<string, string> = {};
          for (const [path, message] of Object.entries(result.fields)) {
            const variantId = cartLineForPath(path, checkout.source);
            if (variantId !== undefined) byLine[variantId] = byLine[variantId] === undefined ? message : `${byLine[variantId]}, ${message}`;
          }
          setLineErrors(byLine);
          setFieldErrorsShown({ customer: result.fields.customer_id, location: result.fields.location_id });
          const refused = Object.keys(byLine).length;
          setGeneral(
            creditShort !== undefined
              ? 'Nothing was charged: the store credit does not cover it. Choose another way to pay, or split the payment.'
              : (result.general ??
                  (refused > 0
                    ? `Nothing was charged: ${refused === 1 ? 'one line was' : `${refused} lines were`} refused. Fix ${refused === 1 ? 'it' : 'them'} and charge again.`
                    : 'Nothing was charged. Check the fields marked above.')),
          );
        },
      },
    );
  };

  // Page keys: + and − change the selected line (outside text fields, or in the empty search box); Ctrl+Enter charges.
  const keys = useRef<(event: KeyboardEvent) => void>(() => undefined);
  keys.current = (event: KeyboardEvent) => {
    if (receipt !== null) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!createSale.isPending) charge();
      return;
    }
    if (event.key !== '+' && event.key !== '-') return;
    const inEmptySearch = event.target === searchRef.current && searchRef.current?.value === '';
    if (isTextField(event.target) && !inEmptySearch) return;
    const line = lines.find((l) => l.variantId === selectedId) ?? lines[0];
    if (line === undefined) return;
    event.preventDefault();
    setSelectedId(line.variantId);
    changeQuantity(line.variantId, line.quantity + (event.key === '+' ? 1 : -1));
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keys.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const units = lines.reduce((sum, line) => sum + line.quantity, 0);

  return (
    <AppPage
      wide
      title="Retail Sales"
      description="Ring up a sale at the counter: scan or search, check the cart, charge. Stock leaves the store at once."
      actions={
        <ButtonLink to="/retail/customers" icon={<PeopleRegular />}>
          Customers
        </ButtonLink>
      }
    >
      {receipt !== null ? (
        <SaleReceipt data={receipt} onNewSale={startNewSale} />
      ) : (
        <div className={styles.layout}>
          <section className={styles.card} aria-label="Find items">
            <PosSearch scope={scope} locationId={locationId} onSubmit={onSearchSubmit} onAdd={add} inputRef={searchRef} />
            <div className={styles.scanRow}>
              <ScanFeedbackBar feedback={feedback.feedback} flashing={feedback.flashing} />
              <CameraScanButton onScan={(code) => void onCode(code)} />
            </div>
            <p className={styles.keys}>
              <kbd className={styles.kbd}>Enter</kbd> adds · <kbd className={styles.kbd}>↓</kbd> goes to the sizes ·{' '}
              <kbd className={styles.kbd}>+</kbd> <kbd className={styles.kbd}>−</kbd> change the highlighted cart line ·{' '}
              <kbd className={styles.kbd}>Esc</kbd> clears the search · <kbd className={styles.kbd}>Ctrl</kbd>+
              <kbd className={styles.kbd}>Enter</kbd> charges
            </p>
          </section>
          <section className={mergeClasses(styles.card, styles.side)} aria-labelledby="cart-title">
            <div className={styles.cartHead}>
              <h2 id="cart-title" className={styles.cartTitle}>
                Cart
              </h2>
              <span className={styles.cartCount} aria-live="polite">
                {units === 0 ? 'Empty' : `${units} ${units === 1 ? 'item' : 'items'}`}
              </span>
            </div>
            {lines.length === 0 ? (
              <p className={styles.empty}>Scan a barcode or choose a size to start a sale.</p>
            ) : (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
              <section className={styles.lines} tabIndex={0} aria-label="Cart lines">
                <CartLines
                  lines={lines}
                  currency={currency}
                  selectedId={selectedId}
                  errors={lineErrors}
                  onSelect={setSelectedId}
                  onQuantity={changeQuantity}
                  onPrice={(variantId, text) => {
                    setLines((prev) => prev.map((l) => (l.variantId === variantId ? { ...l, priceText: text } : l)));
                    clearErrorsOf(variantId);
                  }}
                  onRemove={(variantId) => {
                    setLines((prev) => prev.filter((l) => l.variantId !== variantId));
                    clearErrorsOf(variantId);
                    if (selectedId === variantId) setSelectedId(null);
                  }}
                />
              </section>
            )}
            <hr className={styles.divider} />
            <CheckoutPanel
              scope={scope}
              plan={plan.plan}
              hasLines={lines.length > 0}
              customer={customer}
              onCustomer={(next) => {
                setCustomer(next);
                setFieldErrorsShown((prev) => ({ ...prev, customer: undefined }));
                setPaymentErrors(({ credit: _, ...rest }) => rest);
              }}
              locations={activeLocations}
              locationsLoading={locations.isPending}
              locationId={locationId}
              onLocation={(id) => {
                setLocationChoice(id);
                setFieldErrorsShown((prev) => ({ ...prev, location: undefined }));
              }}
              taxRateText={taxRateText}
              onTaxRate={(text) => {
                setTaxRateText(text);
                setFieldErrorsShown((prev) => ({ ...prev, taxRate: undefined }));
              }}
              discountKind={discountKind}
              onDiscountKind={setDiscountKind}
              discountText={discountText}
              onDiscount={(text) => {
                setDiscountText(text);
                setFieldErrorsShown((prev) => ({ ...prev, discount: undefined }));
              }}
              errors={fieldErrorsShown}
              payment={payment}
              onPayment={(next) => {
                setPayment(next);
                setPaymentErrors({});
              }}
              paymentErrors={paymentErrors}
              general={general}
              charging={createSale.isPending}
              onCharge={charge}
              onClear={startNewSale}
            />
          </section>
        </div>
      )}
    </AppPage>
  );
}
