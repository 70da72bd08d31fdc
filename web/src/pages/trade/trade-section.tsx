import {
  Button,
  Combobox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  Option,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  Textarea,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowSwapRegular, DeleteRegular, DismissRegular, PersonRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@tradepost/shared/schemas/catalog.ts';
import { type Trade, type TradePaymentMethod, tradeLabel, tradePaymentMethods } from '@tradepost/shared/schemas/counter-trading.ts';
import { payoutMethodLabels } from '@tradepost/shared/schemas/payouts.ts';
import { purchaseOrderLabel } from '@tradepost/shared/schemas/purchasing.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { useDebouncedValue } from '@tradepost/shared/ui/use-debounced-value.ts';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../../features/catalog/field-errors.ts';
import { formatMoney } from '../../features/catalog/money.ts';
import { productSearchQuery, useLastAnswer } from '../../features/catalog/use-products.ts';
import { CounterReceipt, type CounterReceiptLine, type CounterReceiptRow } from '../../features/counter/counter-receipt.tsx';
import { PayoutChoiceFields } from '../../features/counter/payout-choice.tsx';
import { type PayoutChoiceValue, payoutChoice, payoutErrorsFrom } from '../../features/counter/payout-choice-model.ts';
import { payoutOptionsOf, usePurchasingSettings } from '../../features/counter/use-purchasing-settings.ts';
import { Sensitive } from '../../features/demo-mode/sensitive.tsx';
import { useLocations } from '../../features/inventory/use-locations.ts';
import type { CartItem } from '../../features/retail/cart-model.ts';
import { cartItems, itemForCode } from '../../features/retail/pos-items.ts';
import { useCodeLookup } from '../../features/retail/use-code-lookup.ts';
import { useCustomerSearch } from '../../features/retail/use-customers.ts';
import { registerScanHandler } from '../../features/scanner/scan-listener.ts';
import { type BusinessScope, useBusinessScope } from '../../features/session/use-business-scope.ts';
import { useCan } from '../../features/session/use-can.ts';
import { useCurrentUser } from '../../features/session/use-current-user.ts';
import { usePanelInUse } from '../quick-actions/use-panel-in-use.ts';
import { PosSearch } from '../retail/sales/pos-search.tsx';
import {
  addTradeLine,
  differenceText,
  lineOfPath,
  readTrade,
  sideTotalCents,
  storeCreditShort,
  type TradeCustomer,
  type TradeLine,
  type TradeSide,
  tradePaymentLabels,
  tradeTotals,
} from './trade-model.ts';
import { useRecordTrade } from './use-trades.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  sides: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '16px',
    alignItems: 'start',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  side: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '16px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  sideHead: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '8px' },
  sideTitle: { ...typographyStyles.subtitle1, margin: 0 },
  sideTotal: { ...typographyStyles.subtitle1, margin: 0, fontVariantNumeric: 'tabular-nums' },
  lines: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  line: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 64px 110px auto',
    gap: '8px',
    alignItems: 'start',
    padding: '8px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  lineName: { display: 'flex', flexDirection: 'column', minWidth: 0, paddingTop: '4px' },
  lineTitle: { ...typographyStyles.body1Strong, overflowWrap: 'anywhere' },
  lineMeta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  fill: { width: '100%', minWidth: 0 },
  empty: {
    ...typographyStyles.body1,
    margin: 0,
    padding: '16px 12px',
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px dashed ${tokens.colorNeutralStroke2}`,
  },
  error: { ...typographyStyles.caption1, margin: 0, color: tokens.colorPaletteRedForeground1 },
  deal: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: '16px',
    alignItems: 'start',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  difference: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '16px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  differenceText: { ...typographyStyles.title1, margin: 0, fontVariantNumeric: 'tabular-nums' },
  differenceMeta: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
  customerPays: { color: tokens.colorPaletteGreenForeground1 },
  wePay: { color: tokens.colorPaletteDarkOrangeForeground1 },
  hint: { ...typographyStyles.caption1, margin: 0, color: tokens.colorNeutralForeground3 },
  balance: { ...typographyStyles.body1Strong, margin: 0, fontVariantNumeric: 'tabular-nums' },
  record: { minHeight: '52px', ...typographyStyles.subtitle1 },
  chosen: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '6px 6px 6px 10px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0,
  },
  chosenText: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  chosenName: { ...typographyStyles.body1Strong, overflowWrap: 'anywhere' },
  chosenMeta: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3 },
  newCustomer: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: '8px', alignItems: 'start' },
  label: { ...typographyStyles.body1Strong, margin: '0 0 4px' },
});

/** The #trade panel of Quick Actions: the customer's items in, ours out, the difference settled either way, one workflow. */
export function TradeSection({ icon }: { icon: ReactNode }) {
  const scope = useBusinessScope();
  return (
    <PageSection
      id="trade-title"
      title="Trade"
      icon={icon}
      description="Take the customer’s items in and give them yours: the difference is paid by them or by you, all recorded at once."
    >
      <TradePanel scope={scope} />
    </PageSection>
  );
}

type Lines = Record<TradeSide, TradeLine[]>;
const noLines: Lines = { incoming: [], outgoing: [] };

function TradePanel({ scope }: { scope: BusinessScope | undefined }) {
  const styles = useStyles();
  const can = useCan();
  const currency = scope?.currency ?? 'USD';
  const money = (cents: number) => formatMoney(cents, currency);
  const { data: user } = useCurrentUser();
  const canWrite = can('purchasing:write');
  const locations = useLocations(scope);
  const settings = usePurchasingSettings(scope, canWrite);
  const options = payoutOptionsOf(settings.data);
  const record = useRecordTrade(scope);

  const [lines, setLines] = useState<Lines>(noLines);
  const [customer, setCustomer] = useState<TradeCustomer>(null);
  const [locationChoice, setLocationChoice] = useState<string | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<TradePaymentMethod>('cash');
  const [payout, setPayout] = useState<PayoutChoiceValue | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<Trade | null>(null);
  const theirRef = useRef<HTMLInputElement | null>(null);
  const ourRef = useRef<HTMLInputElement | null>(null);
  // A hardware scan while focus is in the panel (a price, the customer…) goes to the side last used.
  const scanInUse = usePanelInUse('trade');
  const lastSide = useRef<TradeSide>('incoming');
  const scanners = useRef<Partial<Record<TradeSide, (code: string) => void>>>({});
  useEffect(() => {
    if (!scanInUse || receipt !== null) return;
    return registerScanHandler((code) => scanners.current[lastSide.current]?.(code));
  }, [scanInUse, receipt]);
  const [focusId, setFocusId] = useState<string | null>(null);
  // After the render that shows the field (a timer could run before a busy render commits).
  useEffect(() => {
    if (focusId === null) return;
    (focusId === THEIR_SEARCH ? theirRef.current : document.getElementById(focusId))?.focus();
    setFocusId(null);
  }, [focusId]);

  const active = (locations.data ?? []).filter((l) => !l.archived);
  const defaultLocation = active.find((l) => l.kind === 'store') ?? active.find((l) => l.is_default) ?? active[0] ?? null;
  const locationId = locationChoice ?? defaultLocation?.id ?? null;
  const payoutValue = payout ?? payoutChoice(options.default_payout_method);
  const totals = tradeTotals(lines.incoming, lines.outgoing, currency);

  if (user === undefined) return <Spinner size="tiny" label="Loading…" />;
  if (!canWrite) return <p className={styles.hint}>Your role does not include purchasing, so trades cannot be recorded here.</p>;

  const clearError = (...keys: string[]) => {
    setGeneral(null);
    setErrors((prev) => {
      if (!keys.some((key) => prev[key] !== undefined)) return prev;
      const next = { ...prev };
      for (const key of keys) delete next[key];
      return next;
    });
  };

  const add = (side: TradeSide, item: CartItem) => {
    setLines((prev) => ({
      ...prev,
      [side]: addTradeLine(
        prev[side],
        {
          variantId: item.variantId,
          title: item.title,
          size: item.size,
          sku: item.sku,
          // Ours at our price; theirs at the value agreed now.
          priceCents: side === 'outgoing' ? item.priceCents : null,
        },
        currency,
      ),
    }));
    clearError(side);
    // The agreed price is next: its field takes the focus once the line is on screen.
    setFocusId(priceFieldId(side, item.variantId));
  };

  const setLine = (side: TradeSide, index: number, patch: Partial<TradeLine>) => {
    setLines((prev) => ({ ...prev, [side]: prev[side].map((line, i) => (i === index ? { ...line, ...patch } : line)) }));
    clearError(`${side}.${index}.unit_price_cents`, `${side}.${index}.quantity`);
  };
  const removeLine = (side: TradeSide, index: number) => {
    setLines((prev) => ({ ...prev, [side]: prev[side].filter((_, i) => i !== index) }));
    // Messages name lines by position: after a removal they would point at the wrong one.
    setErrors({});
  };

  const startNew = () => {
    setLines(noLines);
    setCustomer(null);
    setPayout(null);
    setPaymentMethod('cash');
    setNote('');
    setErrors({});
    setGeneral(null);
    setReceipt(null);
    record.reset();
    setFocusId(THEIR_SEARCH);
  };

  const submit = () => {
    if (record.isPending) return;
    setGeneral(null);
    const read = readTrade(
      { customer, locationId, incoming: lines.incoming, outgoing: lines.outgoing, paymentMethod, payout: payoutValue, note },
      options.payout_methods,
      currency,
    );
    if (!read.ok) {
      setErrors(read.fields);
      setGeneral('Nothing was recorded yet. Check the fields marked below.');
      return;
    }
    setErrors({});
    record.mutate(read.body, {
      onSuccess: (trade) => setReceipt(trade),
      onError: (error) => {
        const result = fieldErrors(
          error,
          (path) =>
            path === 'customer_id' ||
            path.startsWith('customer.') ||
            path === 'location_id' ||
            path === 'incoming' ||
            path === 'outgoing' ||
            lineOfPath(path) !== null ||
            path === 'payment_method' ||
            path.startsWith('payout'),
          'The trade could not be recorded.',
        );
        const fields = { ...result.fields };
        // Store credit spent meanwhile: the API's words, beside the payment choice.
        if (result.code === 'INSUFFICIENT_STORE_CREDIT' && fields.payment_method === undefined)
          fields.payment_method = result.message ?? 'Not enough store credit';
        // Our item out of stock: the message names the item.
        for (const [path, message] of Object.entries(fields)) {
          const at = lineOfPath(path);
          const line = at === null ? undefined : lines[at.side][at.index];
          if (line !== undefined && result.code === 'INSUFFICIENT_STOCK') fields[path] = `${line.title} (${line.size}): ${message}`;
        }
        setErrors(fields);
        setGeneral(
          result.general ??
            (result.code === 'INSUFFICIENT_STOCK'
              ? 'Nothing was recorded: one of our items is not in stock here. Remove it or choose another location.'
              : 'Nothing was recorded. Check the fields marked below.'),
        );
      },
    });
  };

  if (receipt !== null) {
    return (
      <TradeReceipt
        trade={receipt}
        currency={currency}
        businessName={user?.business.business_name ?? ''}
        locationName={active.find((l) => l.id === receipt.location_id)?.name ?? null}
        onNew={startNew}
      />
    );
  }

  const storeCreditProblem =
    totals.settlement === 'customer_pays' && paymentMethod === 'store_credit'
      ? storeCreditShort(customer, totals.differenceCents, currency)
      : null;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only listens for Ctrl+Enter from the fields inside
    <div
      className={styles.root}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          submit();
        }
      }}
    >
      <div className={styles.sides}>
        <TradeSideCard
          scope={scope}
          side="incoming"
          title="Their items"
          lines={lines.incoming}
          locationId={locationId}
          errors={errors}
          currency={currency}
          inputRef={theirRef}
          scanners={scanners}
          onUse={() => {
            lastSide.current = 'incoming';
          }}
          onAdd={(item) => add('incoming', item)}
          onLine={(index, patch) => setLine('incoming', index, patch)}
          onRemove={(index) => removeLine('incoming', index)}
        />
        <TradeSideCard
          scope={scope}
          side="outgoing"
          title="Our items"
          lines={lines.outgoing}
          locationId={locationId}
          errors={errors}
          currency={currency}
          inputRef={ourRef}
          scanners={scanners}
          onUse={() => {
            lastSide.current = 'outgoing';
          }}
          onAdd={(item) => add('outgoing', item)}
          onLine={(index, patch) => setLine('outgoing', index, patch)}
          onRemove={(index) => removeLine('outgoing', index)}
        />
      </div>
      <div className={styles.deal}>
        <div className={styles.column}>
          <TradeCustomerPicker
            scope={scope}
            customer={customer}
            error={errors.customer_id ?? errors['customer.name'] ?? errors['customer.email']}
            onChange={(next) => {
              setCustomer(next);
              clearError('customer_id', 'customer.name', 'customer.email', 'payment_method', 'payout.method');
            }}
          />
          <Field label="Location" hint="Their items go in here; ours leave from here." validationMessage={errors.location_id}>
            {locations.isPending ? (
              <Spinner size="tiny" label="Loading locations…" />
            ) : (
              <Select
                className={styles.fill}
                value={locationId ?? ''}
                onChange={(_, d) => {
                  setLocationChoice(d.value);
                  clearError('location_id');
                }}
              >
                {active.map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name}
                    {location.kind === 'store' ? ' (store)' : location.is_default ? ' (default)' : ''}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Note" hint="Optional: kept with the trade.">
            <Textarea value={note} resize="vertical" onChange={(_, d) => setNote(d.value)} />
          </Field>
        </div>
        <div className={styles.column}>
          <div className={styles.difference} aria-live="polite">
            <p
              className={mergeClasses(
                styles.differenceText,
                totals.settlement === 'customer_pays' && styles.customerPays,
                totals.settlement === 'we_pay' && styles.wePay,
              )}
              data-testid="trade-difference"
            >
              {differenceText(totals.differenceCents, currency)}
            </p>
            <p className={styles.differenceMeta}>
              Ours {money(totals.outgoingCents)} − theirs {money(totals.incomingCents)}
            </p>
          </div>
          {totals.settlement === 'customer_pays' ? (
            <Field label="The customer pays by" required validationMessage={errors.payment_method ?? storeCreditProblem ?? undefined}>
              <RadioGroup
                layout="horizontal"
                value={paymentMethod}
                onChange={(_, d) => {
                  const method = tradePaymentMethods.find((m) => m === d.value);
                  if (method !== undefined) setPaymentMethod(method);
                  clearError('payment_method');
                }}
              >
                {tradePaymentMethods.map((method) => (
                  <Radio key={method} value={method} label={tradePaymentLabels[method]} />
                ))}
              </RadioGroup>
            </Field>
          ) : null}
          {totals.settlement === 'customer_pays' && paymentMethod === 'store_credit' && customer?.kind === 'existing' ? (
            <p className={styles.balance}>
              {customer.name} has {money(customer.storeCreditCents)} of store credit.
            </p>
          ) : null}
          {totals.settlement === 'customer_pays' && paymentMethod === 'card' ? (
            <p className={styles.hint}>Charge the card on your card terminal first; Tradepost records it.</p>
          ) : null}
          {totals.settlement === 'we_pay' ? (
            <PayoutChoiceFields
              label="Pay the customer by"
              value={payoutValue}
              onChange={(next) => {
                setPayout(next);
                clearError(...Object.keys(errors).filter((key) => key.startsWith('payout')));
              }}
              offered={options.payout_methods}
              errors={payoutErrorsFrom(errors, 'payout.')}
              storeCreditBonusPercent={options.store_credit_bonus_percent}
              amountCents={-totals.differenceCents}
              currency={currency}
            />
          ) : null}
          {totals.settlement === 'even' && lines.incoming.length > 0 && lines.outgoing.length > 0 ? (
            <p className={styles.hint}>Their items pay for ours exactly: nothing changes hands.</p>
          ) : null}
          {general === null ? null : (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{general}</MessageBarBody>
            </MessageBar>
          )}
          <Button
            className={styles.record}
            appearance="primary"
            size="large"
            icon={record.isPending ? <Spinner size="tiny" appearance="inverted" /> : <ArrowSwapRegular />}
            disabledFocusable={record.isPending}
            aria-keyshortcuts="Control+Enter"
            onClick={submit}
          >
            {record.isPending ? 'Recording…' : 'Record trade'}
          </Button>
          <p className={styles.hint}>
            Enter in a search adds the scanned or only match · Ctrl+Enter records the trade. If any step fails, nothing is recorded.
          </p>
        </div>
      </div>
    </div>
  );
}

/** The focus target "their items' search box" (the next trade starts there). */
const THEIR_SEARCH = 'trade-their-search';
const priceFieldId = (side: TradeSide, variantId: string) => `trade-${side}-price-${variantId}`;

type TradeSideCardProps = {
  scope: BusinessScope | undefined;
  side: TradeSide;
  title: string;
  lines: readonly TradeLine[];
  locationId: string | null;
  errors: Record<string, string>;
  currency: string;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Where the panel's scan handler finds this side's lookup (a scan outside the search boxes). */
  scanners: RefObject<Partial<Record<TradeSide, (code: string) => void>>>;
  /** Focus came into this side: the next scan outside the search boxes is for it. */
  onUse: () => void;
  onAdd: (item: CartItem) => void;
  onLine: (index: number, patch: Partial<TradeLine>) => void;
  onRemove: (index: number) => void;
};

/** One side of the trade: a search (type or scan) and its lines with quantity and agreed price per unit. */
function TradeSideCard({
  scope,
  side,
  title,
  lines,
  locationId,
  errors,
  currency,
  inputRef,
  scanners,
  onUse,
  onAdd,
  onLine,
  onRemove,
}: TradeSideCardProps) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const lookup = useCodeLookup(scope);
  const [missing, setMissing] = useState<string | null>(null);
  const total = sideTotalCents(lines, currency);
  const ours = side === 'outgoing';

  // Enter: an exact barcode or SKU, else the only size that fits (in stock, for ours).
  const onSubmit = async (text: string, shown: readonly Product[]): Promise<boolean> => {
    const trimmed = text.trim();
    if (trimmed === '') return false;
    const answer =
      scope === undefined ? undefined : await queryClient.fetchQuery(productSearchQuery(scope, trimmed)).catch(() => undefined);
    const products = answer?.items ?? shown;
    const exact = itemForCode(products, trimmed) ?? (await lookup(trimmed).catch(() => null));
    const candidates = products.flatMap((product) => {
      const items = cartItems(product);
      if (!ours) return items;
      const available = new Set(product.variants.filter((v) => v.available > 0).map((v) => v.id));
      return items.filter((item) => available.has(item.variantId));
    });
    const only = exact ?? (candidates.length === 1 ? candidates[0] : undefined);
    if (only === undefined) {
      setMissing(
        candidates.length === 0
          ? ours
            ? `Nothing in stock matches “${trimmed}”`
            : `Nothing in your catalog matches “${trimmed}”`
          : 'Several sizes match: choose one below',
      );
      return false;
    }
    setMissing(null);
    onAdd(only);
    return true;
  };

  // The latest lookup, for a scan the panel routes here (it finds the code as Enter in the search does).
  useEffect(() => {
    scanners.current[side] = (code) => void onSubmit(code, []);
  });

  return (
    <section className={styles.side} aria-labelledby={`trade-${side}-title`} onFocus={onUse}>
      <div className={styles.sideHead}>
        <h3 id={`trade-${side}-title`} className={styles.sideTitle}>
          {title}
        </h3>
        <span className={styles.sideTotal} data-testid={`trade-${side}-total`}>
          {formatMoney(total, currency)}
        </span>
      </div>
      {lines.length === 0 ? (
        <p className={styles.empty}>
          {ours ? 'Scan or search our item the customer takes.' : 'Scan or search the item the customer brings in.'}
        </p>
      ) : (
        <ul className={styles.lines} aria-label={title}>
          {lines.map((line, index) => {
            const name = `${line.title} ${line.size}`;
            const lineError = errors[`${side}.${index}.quantity`] ?? errors[`${side}.${index}.variant_id`];
            return (
              <li key={line.variantId} className={styles.line}>
                <span className={styles.lineName}>
                  <span className={styles.lineTitle}>{line.title}</span>
                  <span className={styles.lineMeta}>
                    {line.size}
                    {line.sku === '' ? '' : ` · ${line.sku}`}
                  </span>
                  {lineError === undefined ? null : (
                    <span className={styles.error} role="alert">
                      {lineError}
                    </span>
                  )}
                </span>
                <Input
                  className={styles.fill}
                  aria-label={`Quantity of ${name}`}
                  inputMode="numeric"
                  value={line.quantity === 0 ? '' : String(line.quantity)}
                  onChange={(_, d) => onLine(index, { quantity: Number(d.value.replace(/\D/g, '') || '0') })}
                />
                <Field validationMessage={errors[`${side}.${index}.unit_price_cents`]}>
                  <Input
                    id={priceFieldId(side, line.variantId)}
                    className={styles.fill}
                    aria-label={`${ours ? 'Price' : 'Agreed value'} per unit of ${name}`}
                    inputMode="decimal"
                    placeholder="0.00"
                    value={line.priceText}
                    onChange={(_, d) => onLine(index, { priceText: d.value })}
                    onKeyDown={(event) => {
                      // Enter on a price goes back to the search, ready for the next item.
                      if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
                        event.preventDefault();
                        inputRef.current?.focus();
                      }
                    }}
                  />
                </Field>
                <Button appearance="subtle" icon={<DeleteRegular />} aria-label={`Remove ${name}`} onClick={() => onRemove(index)} />
              </li>
            );
          })}
        </ul>
      )}
      {errors[side] === undefined ? null : (
        <p className={styles.error} role="alert">
          {errors[side]}
        </p>
      )}
      {missing === null ? null : (
        <p className={styles.error} role="status">
          {missing}
        </p>
      )}
      <PosSearch
        scope={scope}
        locationId={locationId}
        inputRef={inputRef}
        onSubmit={onSubmit}
        onAdd={(item) => {
          setMissing(null);
          onAdd(item);
        }}
        label={ours ? 'Find our item' : 'Find their item'}
        hint={ours ? 'Sizes in stock here, at our price.' : 'Any size in your catalog; agree its value.'}
        autoFocus={false}
        scanField
        sizes={ours ? 'in_stock' : 'all'}
        showRecent={false}
      />
    </section>
  );
}

type TradeCustomerPickerProps = {
  scope: BusinessScope | undefined;
  customer: TradeCustomer;
  error: string | undefined;
  onChange: (customer: TradeCustomer) => void;
};

/** The trading customer: found by name or e-mail (with their store credit), or typed as a new one (created with the trade). */
function TradeCustomerPicker({ scope, customer, error, onChange }: TradeCustomerPickerProps) {
  const styles = useStyles();
  const currency = scope?.currency ?? 'USD';
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 200);
  const search = useCustomerSearch(scope, q, customer === null && q.trim() !== '');
  const last = useLastAnswer(search.data);
  const matches = q.trim() === '' ? [] : (last.data?.items ?? []);

  if (customer?.kind === 'existing') {
    return (
      <div>
        <p className={styles.label}>Customer</p>
        <div className={styles.chosen}>
          <PersonRegular aria-hidden="true" />
          <span className={styles.chosenText}>
            <span className={styles.chosenName}>
              <Sensitive kind="name">{customer.name}</Sensitive>
            </span>
            <span className={styles.chosenMeta}>Store credit {formatMoney(customer.storeCreditCents, currency)}</span>
          </span>
          <Button
            appearance="subtle"
            icon={<DismissRegular />}
            aria-label={`Remove customer ${customer.name}`}
            onClick={() => onChange(null)}
          />
        </div>
        {error === undefined ? null : <p className={styles.error}>{error}</p>}
      </div>
    );
  }

  if (customer?.kind === 'new') {
    const set = (patch: Partial<{ name: string; email: string; phone: string }>) => onChange({ ...customer, ...patch });
    return (
      <div>
        <p className={styles.label}>New customer (saved with the trade)</p>
        <div className={styles.newCustomer}>
          <Field label="Name" required validationMessage={error}>
            <Input autoFocus value={customer.name} onChange={(_, d) => set({ name: d.value })} />
          </Field>
          <Field label="E-mail">
            <Input type="email" value={customer.email} onChange={(_, d) => set({ email: d.value })} />
          </Field>
          <Field label="Phone">
            <Input type="tel" value={customer.phone} onChange={(_, d) => set({ phone: d.value })} />
          </Field>
        </div>
        <Button appearance="subtle" size="small" icon={<DismissRegular />} onClick={() => onChange(null)}>
          Choose an existing customer instead
        </Button>
      </div>
    );
  }

  return (
    <Field label="Customer" required hint="Search by name or e-mail, or add them as new." validationMessage={error}>
      <Combobox
        className={styles.fill}
        freeform
        value={text}
        onChange={(event) => setText(event.target.value)}
        onOptionSelect={(_, data) => {
          const picked = matches.find((c) => c.id === data.optionValue);
          if (picked !== undefined) {
            onChange({ kind: 'existing', id: picked.id, name: picked.name, storeCreditCents: picked.store_credit_cents });
            setText('');
          } else if (data.optionValue === 'new') {
            onChange({ kind: 'new', name: q.trim(), email: '', phone: '' });
            setText('');
          }
        }}
      >
        {matches.map((c) => (
          <Option key={c.id} value={c.id} text={c.name}>
            {`${c.name}${c.email === null ? '' : ` · ${c.email}`}${c.store_credit_cents > 0 ? ` · credit ${formatMoney(c.store_credit_cents, currency)}` : ''}`}
          </Option>
        ))}
        <Option value="new" text={q.trim() === '' ? 'New customer' : `Add ${q.trim()}`}>
          {q.trim() === '' ? 'New customer…' : `Add “${q.trim()}” as a new customer`}
        </Option>
      </Combobox>
    </Field>
  );
}

/** The receipt: both lists, the difference and how it was settled; Print; New trade. */
export function TradeReceipt({
  trade,
  currency,
  businessName,
  locationName,
  onNew,
}: {
  trade: Trade;
  currency: string;
  businessName: string;
  locationName: string | null;
  onNew: () => void;
}) {
  const money = (cents: number) => formatMoney(cents, currency);
  const line = (direction: 'in' | 'out') => (item: Trade['incoming'][number]) =>
    ({
      key: `${direction}-${item.variant_id}`,
      name: item.product_title,
      detail: `${direction === 'in' ? 'Taken in' : 'Given'} · ${item.size_label} · ${item.quantity} × ${money(item.unit_price_cents)}`,
      amountCents: item.quantity * item.unit_price_cents,
    }) satisfies CounterReceiptLine;
  const lines = [...trade.incoming.map(line('in')), ...trade.outgoing.map(line('out'))];
  const settledBy =
    trade.settlement === 'customer_pays'
      ? `Customer paid by ${tradePaymentLabels[trade.payment_method ?? 'cash'].toLowerCase()}`
      : trade.settlement === 'we_pay' && trade.payout !== null
        ? `${payoutMethodLabels[trade.payout.method]}${trade.payout.status === 'pending' ? ' · pending (Check payouts)' : ' · paid'}`
        : 'Nothing to pay';
  const rows: CounterReceiptRow[] = [
    { label: 'Their items', amountCents: trade.incoming_cents },
    { label: 'Our items', amountCents: trade.outgoing_cents },
    {
      label: trade.settlement === 'customer_pays' ? 'Customer paid' : trade.settlement === 'we_pay' ? 'We paid' : 'Difference',
      amountCents: Math.abs(trade.difference_cents),
      grand: true,
      testId: 'trade-receipt-difference',
    },
    { label: 'Settled', text: settledBy, testId: 'trade-receipt-settled' },
  ];
  if (trade.payout?.method === 'store_credit' && trade.payout.credit_cents !== null)
    rows.push({ label: 'Store credit booked', amountCents: trade.payout.credit_cents });
  const meta = [
    new Date(trade.created_at).toLocaleString(),
    `Customer: ${trade.customer_name}`,
    ...(locationName === null ? [] : [`At ${locationName}`]),
    `${purchaseOrderLabel(trade.purchase_order_number)}${trade.sale_number === null ? '' : ` · Sale #${trade.sale_number}`}`,
  ];
  return (
    <CounterReceipt
      businessName={businessName}
      title={`Trade ${tradeLabel(trade.number)}`}
      meta={meta}
      lines={lines}
      rows={rows}
      currency={currency}
      doneMessage={`Trade ${tradeLabel(trade.number)} recorded`}
      footer="Thank you for trading with us."
      newLabel="New trade"
      onNew={onNew}
    />
  );
}
