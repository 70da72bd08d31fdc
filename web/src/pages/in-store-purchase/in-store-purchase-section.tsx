import { Button, Field, Input, makeStyles, Select, Spinner, Textarea, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular, BarcodeScannerRegular, MoneyHandRegular, SettingsRegular, ShoppingBagRegular } from '@fluentui/react-icons';
import type { InStorePurchaseResult } from '@tradepost/shared/schemas/counter-trading.ts';
import { PageSection } from '@tradepost/shared/ui/page-frame.tsx';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../../features/catalog/field-errors.ts';
import { formatMoney } from '../../features/catalog/money.ts';
import { CounterReceipt } from '../../features/counter/counter-receipt.tsx';
import { PayoutChoiceFields } from '../../features/counter/payout-choice.tsx';
import { type PayoutChoiceValue, payoutChoice, payoutErrorsFrom } from '../../features/counter/payout-choice-model.ts';
import { payoutOptionsOf, usePurchasingSettings } from '../../features/counter/use-purchasing-settings.ts';
import { FormErrorAlert } from '../../features/forms/form-error-alert.tsx';
import { useLocations } from '../../features/inventory/use-locations.ts';
import { ButtonLink, RouterLink } from '../../features/navigation/router-link.tsx';
import { payoutSettingsPath } from '../../features/purchasing/purchase-kind.tsx';
import { useCreateInStorePurchase } from '../../features/purchasing/use-in-store-purchases.ts';
import { ScanFeedbackBar } from '../../features/scanner/scan-feedback-bar.tsx';
import { registerScanHandler, scanFieldProps } from '../../features/scanner/scan-listener.ts';
import { useScanFeedback } from '../../features/scanner/use-scan-feedback.ts';
import { useBusinessScope } from '../../features/session/use-business-scope.ts';
import { useCurrentUser } from '../../features/session/use-current-user.ts';
import { defaultIntakeLocation } from '../quick-actions/intake-model.ts';
import { usePanelInUse } from '../quick-actions/use-panel-in-use.ts';
import { CounterLines } from './counter-lines.tsx';
import {
  buildPurchase,
  counterTotals,
  lineErrorsFrom,
  removeCounterItem,
  type SellerChoice,
  setCounterPrice,
  setCounterQuantity,
} from './in-store-cart.ts';
import { PayoutOptionsDialog } from './payout-options-dialog.tsx';
import { purchaseReceipt } from './purchase-receipt.ts';
import { SellerFields } from './seller-fields.tsx';
import { useInStoreCart } from './use-in-store-cart.ts';

const ANCHOR = 'in-store-purchase' as const;
export const SELECT_VARIANTS_PATH = '/in-store-purchase/select-variants';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
  find: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  findField: { flexGrow: 1, minWidth: '220px' },
  empty: {
    ...typographyStyles.body1,
    margin: 0,
    padding: '16px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground2,
  },
  listError: { ...typographyStyles.body1Strong, margin: 0, color: tokens.colorPaletteRedForeground1 },
  total: {
    display: 'flex',
    justifyContent: 'space-between',
    ...typographyStyles.subtitle1,
    margin: 0,
    fontVariantNumeric: 'tabular-nums',
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
    gap: '16px 24px',
    alignItems: 'start',
    '& > *': { minWidth: 0 },
  },
  column: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  select: { width: '100%', minWidth: 0 },
  muted: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px 16px', alignItems: 'center' },
});

const FORM_PATHS = ['customer_id', 'customer', 'vendor_id', 'location_id', 'lines', 'payout', 'note'];
const knownPath = (path: string) => FORM_PATHS.some((field) => path === field || path.startsWith(`${field}.`));

/**
 * Quick Actions → In-store purchase: the items a walk-in seller brings (picked on the size picker or
 * scanned here) at the agreed prices, the seller, where the items go, how the seller is paid and a
 * note; "Buy" records a received purchase and its payout at once, then shows the printable receipt.
 */
export function InStorePurchaseSection({ icon }: { icon: ReactNode }) {
  const styles = useStyles();
  const scope = useBusinessScope();
  const currency = scope?.currency ?? 'USD';
  const { data: user } = useCurrentUser();
  const cart = useInStoreCart(scope);
  const settings = usePurchasingSettings(scope);
  const options = payoutOptionsOf(settings.data);
  const locations = useLocations(scope);
  const create = useCreateInStorePurchase(scope);
  const feedback = useScanFeedback();
  const scanInUse = usePanelInUse(ANCHOR);
  const codeRef = useRef<HTMLInputElement>(null);

  const [code, setCode] = useState('');
  const [seller, setSeller] = useState<SellerChoice>({ kind: 'new', customer: { name: '', email: '', phone: '' } });
  const [locationChoice, setLocationChoice] = useState<string | null>(null);
  const [payout, setPayout] = useState<PayoutChoiceValue | null>(null);
  const [note, setNote] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<InStorePurchaseResult | null>(null);
  const [editingOptions, setEditingOptions] = useState(false);

  const activeLocations = (locations.data ?? []).filter((location) => !location.archived);
  const locationId = locationChoice ?? defaultIntakeLocation(activeLocations)?.id ?? null;
  // Until the seller's payout is touched, it follows the business's default.
  const payoutValue = payout ?? payoutChoice(options.default_payout_method);
  const totals = counterTotals(cart.lines, currency);

  const add = (raw: string) => {
    const wanted = raw.trim();
    if (wanted === '') return;
    void cart.addByCode(wanted).then(
      (info) => {
        if (info === null) {
          setCode(wanted);
          feedback.error(`No size has the barcode or SKU ${wanted}. Use Add items to find it by name.`);
          return;
        }
        setCode('');
        setFields((prev) => ({ ...prev, lines: '' }));
        feedback.success(`Added ${info.title}, size ${info.size}`);
      },
      () => feedback.error(`Could not look up ${wanted}. Check your connection and scan again.`),
    );
  };
  const addRef = useRef(add);
  addRef.current = add;
  useEffect(() => {
    if (!scanInUse || result !== null) return;
    return registerScanHandler((scanned) => addRef.current(scanned));
  }, [scanInUse, result]);

  const onCodeKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add(code);
  };

  const clearField = (...paths: string[]) =>
    setFields((prev) => {
      const next = { ...prev };
      for (const key of Object.keys(next)) if (paths.some((path) => key === path || key.startsWith(`${path}.`))) delete next[key];
      return next;
    });

  const onBuy = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(undefined);
    const built = buildPurchase({ lines: cart.lines, seller, locationId, payout: payoutValue, note, currency });
    if (!built.ok) {
      setFields(built.fields);
      setLineErrors(built.lineErrors);
      return;
    }
    setFields({});
    setLineErrors({});
    create.mutate(built.body, {
      onSuccess: (answer) => {
        setResult(answer);
        cart.clear();
      },
      onError: (error) => {
        const found = fieldErrors(error, knownPath, 'The purchase could not be recorded. Nothing was bought; try again.');
        setFields(found.fields);
        setLineErrors(lineErrorsFrom(found.fields, Array.isArray(built.body.lines) ? built.body.lines : []));
        setGeneral(found.general);
      },
    });
  };

  const startOver = () => {
    setResult(null);
    cart.clear();
    setSeller({ kind: 'new', customer: { name: '', email: '', phone: '' } });
    setPayout(null);
    setNote('');
    setFields({});
    setLineErrors({});
    setGeneral(undefined);
    window.setTimeout(() => codeRef.current?.focus(), 0);
  };

  const aside = (
    <Button appearance="subtle" icon={<SettingsRegular />} onClick={() => setEditingOptions(true)}>
      Payout options
    </Button>
  );

  let body: ReactNode;
  if (result !== null) {
    const locationName = activeLocations.find((location) => location.id === result.purchase_order.location_id)?.name ?? null;
    const receipt = purchaseReceipt(result, { businessName: user?.business.business_name ?? '', locationName, currency });
    body = (
      <CounterReceipt
        {...receipt}
        onNew={startOver}
        actions={
          result.payout.status === 'pending' ? (
            <ButtonLink size="large" icon={<MoneyHandRegular />} to={payoutSettingsPath(result.purchase_order.id)}>
              Payout settings
            </ButtonLink>
          ) : (
            <ButtonLink size="large" appearance="subtle" to={`/purchase-orders/${encodeURIComponent(result.purchase_order.id)}`}>
              View purchase
            </ButtonLink>
          )
        }
      />
    );
  } else {
    const listMessage = fields.lines || undefined;
    body = (
      <form className={styles.root} onSubmit={onBuy} noValidate aria-label="In-store purchase">
        <div className={styles.find}>
          <Field className={styles.findField} label="Scan or type a barcode or SKU" hint="Enter adds one unit at its offer.">
            <Input
              ref={codeRef}
              value={code}
              autoComplete="off"
              spellCheck={false}
              contentBefore={<BarcodeScannerRegular aria-hidden="true" />}
              onChange={(_, data) => setCode(data.value)}
              onKeyDown={onCodeKey}
              {...scanFieldProps}
            />
          </Field>
          <ButtonLink to={SELECT_VARIANTS_PATH} icon={<AddRegular />}>
            Add items
          </ButtonLink>
        </div>
        <ScanFeedbackBar feedback={feedback.feedback} flashing={feedback.flashing} />
        {cart.lines.length === 0 ? (
          <p className={styles.empty}>
            Nothing on the counter yet. Scan the seller’s items, or choose <strong>Add items</strong> to find them by name and see what to
            offer for each size.
          </p>
        ) : (
          <>
            <CounterLines
              lines={cart.lines}
              currency={currency}
              guidance={cart.guidanceRows}
              marginPercent={cart.guidance.data?.margin_percent}
              errors={lineErrors}
              onQuantity={(variantId, quantity) => cart.setLines((lines) => setCounterQuantity(lines, variantId, quantity))}
              onPrice={(variantId, text) => {
                cart.setLines((lines) => setCounterPrice(lines, variantId, text));
                setLineErrors((prev) => {
                  const { [variantId]: _, ...rest } = prev;
                  return rest;
                });
              }}
              onRemove={(variantId) => cart.setLines((lines) => removeCounterItem(lines, variantId))}
            />
            <p className={styles.total}>
              <span>
                Total · {totals.units} {totals.units === 1 ? 'item' : 'items'}
              </span>
              <span data-testid="in-store-total">{formatMoney(totals.totalCents, currency)}</span>
            </p>
          </>
        )}
        {listMessage === undefined ? null : (
          <p className={styles.listError} role="alert">
            {listMessage}
          </p>
        )}
        <div className={styles.grid}>
          <div className={styles.column}>
            <SellerFields
              scope={scope}
              value={seller}
              onChange={(value) => {
                setSeller(value);
                clearField('customer_id', 'customer', 'vendor_id');
              }}
              errors={fields}
            />
            <Field label="Items go to" validationMessage={fields.location_id}>
              {locations.isPending ? (
                <p className={styles.muted}>
                  <Spinner size="tiny" aria-hidden="true" /> Loading locations…
                </p>
              ) : activeLocations.length === 0 ? (
                <p className={styles.muted}>
                  No location yet: <RouterLink to="/inventory/adjustments">create one on Adjustments</RouterLink>
                </p>
              ) : (
                <Select
                  className={styles.select}
                  value={locationId ?? ''}
                  onChange={(_, data) => {
                    setLocationChoice(data.value);
                    clearField('location_id');
                  }}
                >
                  {activeLocations.map((location) => (
                    <option key={location.id} value={location.id}>
                      {location.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <div className={styles.column}>
            <PayoutChoiceFields
              label="Pay the seller by"
              value={payoutValue}
              onChange={(value) => {
                setPayout(value);
                clearField('payout');
              }}
              offered={options.payout_methods}
              errors={payoutErrorsFrom(fields, 'payout.')}
              storeCreditBonusPercent={options.store_credit_bonus_percent}
              amountCents={totals.totalCents}
              currency={currency}
            />
            <Field label="Note" validationMessage={fields.note}>
              <Textarea value={note} resize="vertical" onChange={(_, data) => setNote(data.value)} />
            </Field>
          </div>
        </div>
        <FormErrorAlert message={general} />
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            size="large"
            icon={create.isPending ? <Spinner size="tiny" /> : <ShoppingBagRegular />}
            disabledFocusable={create.isPending}
          >
            Buy for {formatMoney(totals.totalCents, currency)}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <PageSection
      id="in-store-purchase-title"
      title="In-store purchase"
      icon={icon}
      description="Buy from a walk-in seller: pick or scan their items, agree a price per item with the guidance beside it, pay them, print the receipt."
      aside={aside}
    >
      {body}
      {editingOptions ? <PayoutOptionsDialog scope={scope} options={options} onClose={() => setEditingOptions(false)} /> : null}
    </PageSection>
  );
}
